export { HeadsGrid, type HeadsGridProps } from './HeadsGrid';
