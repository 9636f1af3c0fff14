// Importing a module has no side effect: the supervisor's exit hook (which kills every tunnel
// child when the console exits) is registered when the first tool starts, not at import.
import { expect, it } from 'vitest';

it('importing the tunnel supervisor registers no process exit listener', async () => {
  const before = process.listeners('exit');
  await import('../../../../../../electron/core/reach/tunnel/supervisor.ts');
  expect(process.listeners('exit')).toEqual(before);
});
