// The fault codes reach the screens with the engine's words: over Electron's IPC (the error
// wrapped in "Error invoking remote method …") and over the web transport (the JSON shape).
// An unknown code would be shown as the generic "Something went wrong".
import { describe, expect, it } from 'vitest';
import { toMerchantError } from '../../../renderer/src/bridge/errors.ts';
import { DISK_FULL_MESSAGE, busyMessage } from '../../../electron/core/store/faults.ts';

const cases = [
  { code: 'disk_full', message: DISK_FULL_MESSAGE },
  {
    code: 'data_folder_busy',
    message: busyMessage('/home/shop/.config/Merchant Console/console.db'),
  },
  { code: 'keychain_locked', message: 'Unlock your keychain: it stopped answering (locked).' },
] as const;

describe('fault errors in the renderer', () => {
  for (const shape of cases) {
    it(`shows ${shape.code} in plain words from either transport`, () => {
      const ipc = new Error(
        `Error invoking remote method 'checkouts.create': ${JSON.stringify(shape)}`,
      );
      expect(toMerchantError(ipc)).toMatchObject(shape);
      expect(toMerchantError(shape)).toMatchObject(shape);
    });
  }

  it('names the data folder, not the database file', () => {
    expect(busyMessage('/home/shop/data/console.db')).toContain(
      "Another program is using the console's data folder (/home/shop/data)",
    );
  });
});
