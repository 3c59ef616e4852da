/*
 * The Web Worker entry of the trained model's induction probe (probeOffThread.ts starts it): probeWorkerCore.ts
 * answers its request; this file only connects it to the worker's global scope.
 */
import { serveInWorker } from '../pipeline/serveInWorker';
import { probeWorkerHandler, type ProbeReply, type ProbeRequest } from './probeWorkerCore';

serveInWorker<ProbeRequest, ProbeReply>(probeWorkerHandler);
