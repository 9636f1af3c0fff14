// The engine as tests build it: the product's createEngine with parts a test can see and
// drive. It keeps the store the engine opened (the fault tests fill its disk, others read or
// seed its tables) and every receiver it started (the wake test stops one behind the engine's
// back), and passes the rest of the parts through (a fake clock, a hand-fired timer, short
// timeouts). The product never imports this file; electron/core/index.ts has no test hook.
import { createEngine } from '../../electron/core/engine/engine.ts';
import type { EngineParts } from '../../electron/core/engine/engine-parts.ts';
import type { Engine, EngineOptions } from '../../electron/core/engine/types.ts';
import {
  startReceiver,
  type RunningReceiver,
  type StartReceiver,
} from '../../electron/core/receiver/index.ts';
import { openStore, type Store } from '../../electron/core/database.ts';

export type { EngineParts, EngineOptions };

export interface BuiltEngine {
  engine: Engine;
  /** The store the engine opened (the same object, so a test may also wrap its methods). */
  store: Store;
  /** Every receiver the engine started, in order. */
  receivers: RunningReceiver[];
}

/** createEngine(options, parts), keeping hold of its store and its receivers. */
export async function buildEngine(
  options: EngineOptions,
  parts: EngineParts = {},
): Promise<BuiltEngine> {
  let store: Store | undefined;
  const receivers: RunningReceiver[] = [];
  const open = parts.openStore ?? openStore;
  const start: StartReceiver = parts.receiving?.startReceiver ?? startReceiver;
  const engine = await createEngine(options, {
    ...parts,
    openStore: (path, o) => (store = open(path, o)),
    receiving: {
      ...parts.receiving,
      startReceiver: async (o) => {
        const running = await start(o);
        receivers.push(running);
        return running;
      },
    },
  });
  return { engine, store: store!, receivers };
}
