// Issue 16 item 5: Electron's powerMonitor feeds the engine's clockChanged entry point; a
// resume reports the sleep from the suspend's time to the resume's.
import { beforeEach, expect, it, vi } from 'vitest';
import { watchPower } from '../../../../electron/main/power.ts';
import { fake } from '../support/fake-electron.ts';
import { createTestEngine } from '../support/test-engine.ts';

vi.mock('electron', async () => (await import('../support/fake-electron.ts')).electronModule);

beforeEach(() => fake.reset());

it('tells the engine about each wake, with the sleep it measured, until disposed', () => {
  const engine = createTestEngine();
  let now = 1_000_000;
  const stop = watchPower(engine, () => now);
  fake.powerMonitor.emit('suspend');
  now += 3_600_000;
  fake.powerMonitor.emit('resume');
  expect(engine.clockChanges).toEqual([{ kind: 'wake', fromMs: 1_000_000, toMs: 4_600_000 }]);
  // A resume without a suspend seen (started asleep?) still checks, with no gap to record.
  fake.powerMonitor.emit('resume');
  expect(engine.clockChanges[1]).toEqual({ kind: 'wake', fromMs: 4_600_000, toMs: 4_600_000 });
  stop();
  expect(fake.powerMonitor.listenerCount('resume')).toBe(0);
  fake.powerMonitor.emit('resume');
  expect(engine.clockChanges).toHaveLength(2);
});
