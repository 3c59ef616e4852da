/*
 * The Web Worker that generates text with the trained model: generationWorkerCore.ts answers each message
 * (generationProtocol.ts); this file only connects it to the worker's global scope.
 */
import { serveInWorker } from '../../pipeline/serveInWorker';
import type { GenerateRequest, GenerationReply } from './generationProtocol';
import { generationWorkerHandler } from './generationWorkerCore';

serveInWorker<GenerateRequest, GenerationReply>(generationWorkerHandler);
