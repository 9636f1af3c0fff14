// groupChannels: the one place channel names become window.merchant's groups and methods
// (the preload, the web bridge and the renderer's error wrapper all build from it).
import { expect, it } from 'vitest';
import { CHANNELS, groupChannels } from '#shared/channels.ts';

it('puts every channel under its group and method, once', () => {
  const groups = groupChannels((channel, group, name) => ({ channel, group, name }));
  const made = Object.values(groups).flatMap((methods) => Object.values(methods));
  expect(made.map((m) => m.channel).sort()).toEqual([...CHANNELS].sort());
  for (const m of made) expect(`${m.group}.${m.name}`).toBe(m.channel);
  expect(groups.checkouts?.create).toEqual({
    channel: 'checkouts.create',
    group: 'checkouts',
    name: 'create',
  });
});
