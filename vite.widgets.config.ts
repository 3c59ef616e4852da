import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { cssForShadowRoot, fillCssPlaceholder, fontFacesForDocument, FONT_PLACEHOLDER } from './src/widgets/elements/shadowCss.ts';

/*
 * The widgets script: `npm run build:widgets` → dist-widgets/attention-lab-widgets.js, one ES module defining the
 * custom elements (src/elementsEntry.ts). Nothing else is needed at runtime: the WebAssembly
 * kernels are base64 in the code, the walkthrough widgets' lazy chunks are inlined, and every stylesheet is put
 * into the code for the elements' shadow roots (inlineCssIntoShadowRoots) instead of being a file in the page.
 *
 * `npm run build` runs this after the app's build, so the script is also copied next to dist/index.html: that is
 * where the "Embed / share" dialog's element snippet points (WIDGETS_SCRIPT, resolved against the app's own URL),
 * and the "Open in Attention Lab" link in each element points back to that index.html.
 */

const root = dirname(fileURLToPath(import.meta.url));
const OUT_DIR = resolve(root, 'dist-widgets');
const FILE_NAME = 'attention-lab-widgets';
const APP_DIR = resolve(root, 'dist');

/** Moves the collected CSS into the JavaScript (shadow roots cannot use the page's stylesheets) and drops other assets. */
function inlineCssIntoShadowRoots(): Plugin {
  return {
    name: 'attention-lab:inline-css-into-shadow-roots',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const css: string[] = [];
      for (const [fileName, file] of Object.entries(bundle)) {
        if (file.type !== 'asset') continue;
        if (fileName.endsWith('.css')) css.push(typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source));
        // The CSS (and any font file) goes into the code instead.
        delete bundle[fileName];
      }
      const sheet = cssForShadowRoot(css.join('\n'));
      const fonts = fontFacesForDocument(css.join('\n'));
      let filled = 0;
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const styled = fillCssPlaceholder(file.code, sheet);
        if (styled === null) continue;
        const code = fillCssPlaceholder(styled, fonts, FONT_PLACEHOLDER);
        if (code === null) this.error('The widget font placeholder (src/widgets/elements/widgetStyles.ts) is not in the bundle.');
        // A built file in the repository's folder: `eslint .` should not lint it (eslint.config.js ignores dist/ only).
        file.code = `/* eslint-disable */\n${code}`;
        filled += 1;
      }
      if (filled === 0) this.error('The widget CSS placeholder (src/widgets/elements/widgetStyles.ts) is not in the bundle.');
    },
  };
}

/** Copies the script into the app's build, if there is one (see above). */
function copyIntoAppBuild(): Plugin {
  return {
    name: 'attention-lab:copy-into-app-build',
    apply: 'build',
    closeBundle() {
      if (!existsSync(resolve(APP_DIR, 'index.html'))) return;
      mkdirSync(APP_DIR, { recursive: true });
      copyFileSync(resolve(OUT_DIR, `${FILE_NAME}.js`), resolve(APP_DIR, `${FILE_NAME}.js`));
    },
  };
}

export default defineConfig({
  plugins: [react(), inlineCssIntoShadowRoots(), copyIntoAppBuild()],
  // No public/ files: they belong to the app.
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    lib: {
      entry: resolve(root, 'src/elementsEntry.ts'),
      formats: ['es'],
      fileName: () => `${FILE_NAME}.js`,
    },
    // One file: the walkthrough widgets' lazy imports go into it. Fully minified: lib mode keeps whitespace and
    // annotations for bundlers by default, but this script goes straight into pages.
    rolldownOptions: { output: { codeSplitting: false, minify: true } },
    minify: 'oxc',
    cssCodeSplit: false,
    sourcemap: false,
  },
});
