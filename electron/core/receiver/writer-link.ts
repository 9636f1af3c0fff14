// The event loop's side of the receiver writer's thread (writer-thread.ts): starting it,
// sending it operations as JSON text and matching its answers, the settlement message that
// follows each commit, and stopping it. writer.ts decides what runs there and what runs
// in-thread.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { errorMessage } from '#shared/error-message.ts';
import type { Settled, WriterSql } from './writer-sql.ts';

export type WriterOp = keyof WriterSql | 'close';

/**
 * The thread's module: the source file when run from the repository; in the Electron bundle
 * electron.vite.config.ts emits it as `receiver-writer-thread.js` beside the other chunks.
 */
function threadModule(): URL {
  const source = new URL('./writer-thread.ts', import.meta.url);
  return existsSync(fileURLToPath(source))
    ? source
    : new URL('./receiver-writer-thread.js', import.meta.url);
}

// Arguments and results cross the thread boundary as JSON text: for a batch of a thousand
// small objects, JSON.stringify/parse cost a fraction of the structured clone of the same
// objects, and that cost is paid on the event loop the acknowledgements share.
interface Reply {
  seq: number;
  ok: boolean;
  /** JSON text of the result (absent for void operations). */
  result?: string;
  message?: string;
  /** Set on the message that follows a commit's answer: its settlement (Settled). */
  settled?: true;
}

export interface LinkHooks {
  /** A commit's settlement arrived (null: it failed; its events stay in the inbox). */
  settled(settled: Settled | null): void;
  /** True while committed batches still wait for their settlement. */
  settling(): boolean;
  /** The thread failed or exited: calls in flight were failed; the link is dead. */
  stopped(reason: string): void;
}

export interface WriterLink {
  /** Sends an operation; resolves with the thread's answer. */
  post<T>(op: WriterOp, args: unknown[]): Promise<T>;
  /** Ends the thread for good (after its 'close' answer, or at once). */
  terminate(): Promise<void>;
}

/** Starts the writer's thread on dbPath; null when it cannot (then hooks.stopped is not called). */
export function startWriterLink(
  dbPath: string,
  keepLog: number,
  hooks: LinkHooks,
): { link: WriterLink | null; error: string | null } {
  let worker: Worker;
  try {
    worker = new Worker(threadModule(), { workerData: { path: dbPath, keepLog } });
  } catch (err) {
    return { link: null, error: errorMessage(err) };
  }
  let seq = 0;
  let alive = true;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  // Idle, the worker must not keep the process alive; busy, it must (see post()).
  const unrefIfIdle = (): void => {
    if (pending.size === 0 && !hooks.settling()) worker.unref();
  };
  const stop = (reason: string): void => {
    if (!alive) return;
    alive = false;
    worker.removeAllListeners();
    void worker.terminate();
    // Writes in flight may or may not have committed; failing them lets senders retry,
    // and the inbox's dedupe key makes the retry harmless.
    for (const p of pending.values()) p.reject(new Error(`storage worker stopped: ${reason}`));
    pending.clear();
    hooks.stopped(reason);
  };

  worker.unref();
  worker.on('message', (m: Reply) => {
    if (m.settled) {
      // The thread sends Payment objects ready to emit (see writer-thread.ts).
      hooks.settled(m.ok && m.result !== undefined ? (JSON.parse(m.result) as Settled) : null);
      unrefIfIdle();
      return;
    }
    const p = pending.get(m.seq);
    if (!p) return;
    pending.delete(m.seq);
    unrefIfIdle();
    if (m.ok) p.resolve(typeof m.result === 'string' ? JSON.parse(m.result) : undefined);
    else p.reject(new Error(m.message ?? 'storage error'));
  });
  worker.on('error', (err) => stop(err.message));
  worker.on('exit', (code) => stop(`exited with code ${code}`));

  return {
    error: null,
    link: {
      post<T>(op: WriterOp, args: unknown[]): Promise<T> {
        const id = ++seq;
        return new Promise<T>((resolve, reject) => {
          if (pending.size === 0) worker.ref();
          pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
          worker.postMessage({ seq: id, op, args: JSON.stringify(args) });
        });
      },
      async terminate() {
        alive = false;
        worker.removeAllListeners();
        await worker.terminate();
      },
    },
  };
}
