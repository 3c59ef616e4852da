/*
 * The Web Worker that runs the untrained encoder on long texts: encoderWorkerCore.ts answers each message
 * (encoderProtocol.ts); this file only connects it to the worker's global scope.
 */
import { serveInWorker } from '../pipeline/serveInWorker';
import type { EncoderReply, EncoderRunRequest } from './encoderProtocol';
import { encoderWorkerHandler } from './encoderWorkerCore';

serveInWorker<EncoderRunRequest, EncoderReply>(encoderWorkerHandler);
