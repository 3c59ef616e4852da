import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Relative base so the built app also works from a sub-folder of an instructor's site.
export default defineConfig({
  base: './',
  plugins: [react()],
});
