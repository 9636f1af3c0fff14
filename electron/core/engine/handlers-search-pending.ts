// Placeholder for the checkout mirror's channels until branch `mirror` (the engine side of
// issue 14) is merged: its handlers replace this file. Each call fails in plain words, so
// the Checkouts screen shows its error state rather than a crash.
import type { Handlers } from '../../../shared/contract.ts';
import { EngineError } from '../../../shared/errors.ts';

type MirrorHandlers = Pick<
  Handlers,
  'checkouts.search' | 'checkouts.sync' | 'checkouts.syncStatus'
>;

const notYet = (): never => {
  throw new EngineError('internal', 'Search of all checkouts is not available in this build.');
};

export function pendingMirrorHandlers(): MirrorHandlers {
  return {
    'checkouts.search': async () => notYet(),
    'checkouts.sync': async () => notYet(),
    'checkouts.syncStatus': async () => notYet(),
  };
}
