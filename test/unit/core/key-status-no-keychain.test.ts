// key.status on a machine without a keychain: the embedded sandbox's session-only key is
// reported masked, never whole. The e2e test of this branch runs only where no keyring
// exists, and `npm test` always has one, so the branch is covered here.
import { describe, expect, it } from 'vitest';
import { ProfileKeys } from '../../../electron/core/profiles/index.ts';
import { SANDBOX_ID } from '../../../electron/core/profiles/profiles.ts';
import { MemoryVault } from '../../../electron/core/vault/index.ts';

const KEY = 'sk_live_sessiononlykey9f3c';

describe('key.status without a keychain', () => {
  it('masks the session-only key and says the keychain is missing', async () => {
    const vault = new MemoryVault({ unavailable: 'No OS keychain is reachable.' });
    const keys = new ProfileKeys({ vault, sandboxDataDir: '/tmp/mc-no-keychain' });
    keys.holdForSession(SANDBOX_ID, KEY, 'http://127.0.0.1:4010');

    const status = await keys.status(SANDBOX_ID);

    expect(status).toEqual({
      present: true,
      masked: 'sk_live_••••9f3c',
      keychain_available: false,
      problem: 'No OS keychain is reachable. Until then the Sandbox works for this session only.',
    });
    // Nowhere in what reaches the renderer, not even as a substring.
    expect(JSON.stringify(status)).not.toContain('sessiononlykey');
  });

  it('reports no key for a profile nothing holds', async () => {
    const vault = new MemoryVault({ unavailable: 'No OS keychain is reachable.' });
    const keys = new ProfileKeys({ vault, sandboxDataDir: '/tmp/mc-no-keychain' });
    expect(await keys.status('live-1')).toMatchObject({ present: false, masked: null });
  });
});
