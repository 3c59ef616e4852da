/*
 * The Web Worker that decodes the trained model's file for the page: modelFileWorkerCore.ts answers each message;
 * this file only connects it to the worker's global scope.
 */
import { serveInWorker } from '../pipeline/serveInWorker';
import { modelFileWorkerHandler, type DecodeAnswer, type DecodeRequest } from './modelFileWorkerCore';

serveInWorker<DecodeRequest, DecodeAnswer>(modelFileWorkerHandler);
