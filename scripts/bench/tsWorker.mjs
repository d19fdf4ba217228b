// Starts a worker thread on a TypeScript module (workerData.module) through tsx's loader: Node's
// workers do not take the --import that the benchmarks run under.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.module);
