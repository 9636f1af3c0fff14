// Which worker threads code starts, seen through Node's `worker_threads` diagnostics channel
// (published for every new Worker), so a test can tell threaded work from in-thread work
// without the product exposing it.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { Worker } from 'node:worker_threads';

export interface WorkerRecorder {
  readonly started: Worker[];
  stop(): void;
}

export function recordWorkers(): WorkerRecorder {
  const started: Worker[] = [];
  const onWorker = (message: unknown): void => {
    started.push((message as { worker: Worker }).worker);
  };
  subscribe('worker_threads', onWorker);
  return { started, stop: () => unsubscribe('worker_threads', onWorker) };
}
