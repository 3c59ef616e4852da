/*
 * The Web Worker that holds an opened GPT-2 checkpoint and runs it: gpt2WorkerCore.ts answers each message
 * (gpt2Protocol.ts); this file only connects it to the worker's global scope.
 */
import { serveInWorker } from '../pipeline/serveInWorker';
import type { Gpt2Reply, Gpt2Request } from './gpt2Protocol';
import { gpt2WorkerHandler } from './gpt2WorkerCore';

serveInWorker<Gpt2Request, Gpt2Reply>(gpt2WorkerHandler);
