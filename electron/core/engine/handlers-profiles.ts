// app.info, profiles.* and key.*: the key only ever leaves as a masked KeyStatus. A key is
// saved with the origin it was tested against: a profile gets one only after the test
// passed, and a profile's new base URL removes it (the key is never tried elsewhere).
import type { Handlers } from '#shared/contract.ts';
import type { ProfileList } from '#shared/domain.ts';
import {
  SANDBOX_ID,
  addLiveProfile,
  checkRemovable,
  getProfile,
  normalizeBaseUrl,
  toProfile,
  updateProfile,
} from '../profiles/index.ts';
import { EngineError } from '#shared/errors.ts';
import { setTunnelTool } from '../reach/tunnel/index.ts';
import type { HandlerContext } from './context.ts';
import { readSystemLocales } from './system-locales.ts';
import { needsWelcome, welcomeDone } from './welcome.ts';

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

export interface ProfileHooks {
  /** The active profile's key or address changed (the checkout mirror retries at once). */
  keyChanged?: () => void;
}

export function profileHandlers(ctx: HandlerContext, hooks: ProfileHooks = {}): ProfileHandlers {
  const list = async (): Promise<ProfileList> => {
    const profiles = [];
    for (const p of ctx.store.profiles.list())
      profiles.push(toProfile(p, await ctx.keys.status(p.id)));
    return { active_id: ctx.active.id, profiles };
  };

  return {
    'app.info': async () => {
      const locales = ctx.systemLocales ? readSystemLocales(ctx.systemLocales) : undefined;
      return {
        version: ctx.version,
        transport: ctx.transport,
        ...(ctx.damaged ? { damaged_db: { moved_to: ctx.damaged.movedTo } } : {}),
        ...(locales ? { locales } : {}),
        // A database set aside at start was a console in use: its screens say so (and offer to
        // list the service's checkouts again) instead of starting over at Welcome.
        welcome: !ctx.damaged && needsWelcome(ctx.store),
      };
    },

    'profiles.list': list,

    'profiles.add': async (input) => {
      // Tested before anything is stored: a rejected, unreachable or slow service leaves
      // no half-made profile behind.
      const key =
        input.key === undefined
          ? null
          : await ctx.keys.verify(normalizeBaseUrl(input.base_url), input.key);
      const p = addLiveProfile(ctx.store, input);
      if (key !== null) {
        try {
          await ctx.keys.save(p.id, key, p.base_url);
        } catch (err) {
          ctx.store.profiles.remove(p.id);
          throw err;
        }
      }
      welcomeDone(ctx.store);
      return toProfile(p, await ctx.keys.status(p.id));
    },

    'profiles.update': async (input) => {
      const before = getProfile(ctx.store, input.id);
      const moving =
        input.base_url !== undefined &&
        before.kind === 'live' &&
        normalizeBaseUrl(input.base_url) !== before.base_url;
      // The stored key was tested against the old address: it goes before the address
      // changes, so no call that starts from here on can pair the two.
      if (moving) {
        await ctx.keys.clear(input.id).catch((err: unknown) => {
          const keychain = ['keychain_unavailable', 'keychain_locked'] as const;
          if (!(err instanceof EngineError) || !keychain.some((k) => k === err.code)) throw err;
          throw new EngineError(
            err.code,
            `The address was not changed: the key stored for the old address must be removed first, and the keychain is not available. ${err.message}`,
            { field: 'base_url' },
          );
        });
      }
      const p = updateProfile(ctx.store, input);
      // A new base URL is a different service: register the receiver there (once it has a key).
      if (p.base_url !== before.base_url) {
        ctx.store.webhooks.clear(p.id);
        if (p.id === ctx.active.id) await ctx.active.refreshRegistration();
      }
      if (p.id === ctx.active.id) hooks.keyChanged?.();
      return toProfile(p, await ctx.keys.status(p.id));
    },

    'profiles.switch': async ({ id }) => {
      getProfile(ctx.store, id);
      welcomeDone(ctx.store);
      // The account already in use: nothing to switch. Activating it again would stop its
      // receiver (and tunnel) for a moment for no reason.
      if (id !== ctx.active.id) await ctx.active.activate(id);
      return list();
    },

    'profiles.remove': async ({ id }) => {
      checkRemovable(ctx.store, id);
      if (ctx.active.id === id) await ctx.active.activate(SANDBOX_ID);
      ctx.store.profiles.remove(id);
      setTunnelTool(ctx.store, id, null);
      await ctx.keys.forget(id);
      return list();
    },

    'key.status': async () => ctx.keys.status(ctx.active.id),

    'key.set': async ({ key }) => {
      const id = ctx.active.id;
      const baseUrl = getProfile(ctx.store, id).base_url;
      const status = await ctx.keys.verifyAndSave(id, baseUrl, key);
      if (getProfile(ctx.store, id).base_url !== baseUrl) {
        // The address changed while the key was being tested: it belongs to neither.
        await ctx.keys.clear(id);
        throw new EngineError(
          'conflict',
          'The account’s address changed while the key was being tested. Add the key again.',
          { field: 'key' },
        );
      }
      // A new key may be a different merchant: register the receiver for it.
      ctx.store.webhooks.clear(id);
      await ctx.active.refreshRegistration();
      hooks.keyChanged?.();
      return status;
    },

    'key.clear': async () => ctx.keys.clear(ctx.active.id),
  };
}
