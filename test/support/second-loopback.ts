// Phone mode's tests stand a second loopback address (127.0.0.2) in for the machine's LAN
// address: Linux routes all of 127/8 to lo, macOS only 127.0.0.1 unless an alias is added.
import { createServer } from 'node:net';

export const SECOND_LOOPBACK = '127.0.0.2';

/** True when this machine can listen on 127.0.0.2 (probed once, on a free port). */
export async function canBindSecondLoopback(): Promise<boolean> {
  const server = createServer();
  const ok = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(0, SECOND_LOOPBACK, () => resolve(true));
  });
  if (ok) await new Promise<void>((resolve) => server.close(() => resolve()));
  else {
    console.warn(
      `Skipping phone-mode tests: this machine cannot listen on ${SECOND_LOOPBACK} ` +
        '(on macOS: sudo ifconfig lo0 alias 127.0.0.2 up).',
    );
  }
  return ok;
}
