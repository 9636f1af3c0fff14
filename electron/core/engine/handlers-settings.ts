// settings.*, receiver.status, receiver.requests and webhook.register. A new receiver port
// restarts the receiver (and re-registers); a new public URL re-registers.
import type { Handlers } from '#shared/contract.ts';
import { EngineError } from '#shared/errors.ts';
import { getProfile } from '../profiles/index.ts';
import { checkPublicUrl, maskToken } from '../receiver/index.ts';
import type { HandlerContext } from './context.ts';

type SettingsHandlers = Pick<
  Handlers,
  | 'settings.get'
  | 'settings.set'
  | 'receiver.status'
  | 'receiver.requests'
  | 'webhook.register'
  | 'receiver.check'
>;

export function settingsHandlers(ctx: HandlerContext): SettingsHandlers {
  return {
    'settings.get': async () => ctx.store.settings.get(),

    'settings.set': async (patch) => {
      const before = ctx.store.settings.get();
      const clean = { ...patch };
      if (patch.public_url !== undefined) {
        clean.public_url = checkPublicUrl(patch.public_url);
        // As tunnel.set: the embedded sandbox is on this computer, and would otherwise sign
        // and send its deliveries to whatever address was typed here. Clearing it, or saving
        // the address a live profile left unchanged, is fine.
        if (
          clean.public_url !== null &&
          clean.public_url !== before.public_url &&
          getProfile(ctx.store, ctx.active.id).kind === 'sandbox'
        ) {
          throw new EngineError(
            'bad_input',
            'public_url: the Sandbox profile receives payments on this computer and needs no public address. Switch to a live profile first.',
            { field: 'public_url' },
          );
        }
      }
      const next = ctx.store.settings.set(clean);
      if (next.receiver_port !== before.receiver_port) {
        try {
          await ctx.active.restartReceiver();
        } catch (err) {
          // Keep a receiver running: go back to the port that worked.
          ctx.store.settings.set({ receiver_port: before.receiver_port });
          await ctx.active.restartReceiver().catch(() => undefined);
          throw err;
        }
      } else if (next.public_url !== before.public_url) {
        await ctx.active.refreshRegistration();
      }
      return ctx.store.settings.get();
    },

    'receiver.status': async () => ctx.active.status(),

    'receiver.requests': async ({ limit }) => {
      const profileId = ctx.active.id;
      const state = ctx.store.receiver;
      // Paths are stored with the token replaced; masking again costs nothing and holds
      // even for a line written by an older console.
      const token = state.token(profileId);
      const requests = state.recentLog(profileId, limit ?? 50).map((r) => ({
        ...r,
        path: maskToken(r.path, token),
        reason: r.reason === null ? null : maskToken(r.reason, token),
      }));
      return { requests };
    },

    'webhook.register': async () => ctx.active.registerNow(),

    'receiver.check': async () => ctx.active.checkReach('manual'),
  };
}
