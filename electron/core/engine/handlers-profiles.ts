// app.info, profiles.* and key.*: the key only ever leaves as a masked KeyStatus.
import type { Handlers } from '../../../shared/contract.ts';
import type { ProfileList } from '../../../shared/domain.ts';
import {
  SANDBOX_ID,
  addLiveProfile,
  checkRemovable,
  getProfile,
  toProfile,
  updateProfile,
} from '../profiles/index.ts';
import type { HandlerContext } from './context.ts';

type ProfileHandlers = Pick<
  Handlers,
  | 'app.info'
  | 'profiles.list'
  | 'profiles.add'
  | 'profiles.update'
  | 'profiles.switch'
  | 'profiles.remove'
  | 'key.status'
  | 'key.set'
  | 'key.clear'
>;

export function profileHandlers(c: HandlerContext): ProfileHandlers {
  const list = async (): Promise<ProfileList> => {
    const profiles = [];
    for (const p of c.store.profiles.list()) profiles.push(toProfile(p, await c.keys.status(p.id)));
    return { active_id: c.runtime.profileId, profiles };
  };

  return {
    'app.info': async () => ({ version: c.version, transport: c.transport }),

    'profiles.list': list,

    'profiles.add': async (input) => {
      const p = addLiveProfile(c.store, input);
      return toProfile(p, await c.keys.status(p.id));
    },

    'profiles.update': async (input) => {
      const before = getProfile(c.store, input.id);
      const p = updateProfile(c.store, input);
      // A new base URL is a different service: register the receiver there.
      if (p.base_url !== before.base_url) {
        c.store.webhooks.clear(p.id);
        if (p.id === c.runtime.profileId) await c.runtime.refreshRegistration();
      }
      return toProfile(p, await c.keys.status(p.id));
    },

    'profiles.switch': async ({ id }) => {
      getProfile(c.store, id);
      await c.runtime.activate(id);
      return list();
    },

    'profiles.remove': async ({ id }) => {
      checkRemovable(c.store, id);
      if (c.runtime.profileId === id) await c.runtime.activate(SANDBOX_ID);
      c.store.profiles.remove(id);
      await c.keys.forget(id);
      return list();
    },

    'key.status': async () => c.keys.status(c.runtime.profileId),

    'key.set': async ({ key }) => {
      const id = c.runtime.profileId;
      const status = await c.keys.verifyAndSave(id, getProfile(c.store, id).base_url, key);
      // A new key may be a different merchant: register the receiver for it.
      c.store.webhooks.clear(id);
      await c.runtime.refreshRegistration();
      return status;
    },

    'key.clear': async () => c.keys.clear(c.runtime.profileId),
  };
}
