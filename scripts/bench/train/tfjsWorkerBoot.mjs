// Worker threads do not inherit tsx from the parent process: register it, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./tfjsWorker.ts');
