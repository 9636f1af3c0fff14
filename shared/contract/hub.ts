// The hub channels (issue 26, docs/hub.md): joining this console to a NATS JetStream hub as the
// receiving node or as a till, and the hub's status. The credentials go to the keychain and are
// never answered back; the status names no secret.
import { z } from 'zod';
import { type ChannelEntries, Empty } from './schemas.ts';

export const HUB_ROLES = ['receiver', 'till'] as const;
export type HubRole = (typeof HUB_ROLES)[number];

/** A subject token: what names the merchant's stream on the hub (mc.<account>.payments). */
export const HubAccount = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, "_" or "-"');

/** One way of signing in to the hub; kept in the OS keychain only. */
export const HubCredentials = z.union([
  z.object({ user: z.string().min(1).max(200), password: z.string().min(1).max(500) }).strict(),
  z.object({ token: z.string().min(1).max(2000) }).strict(),
  z.object({ nkey_seed: z.string().trim().min(1).max(200) }).strict(),
  z.object({ creds: z.string().min(1).max(16_000) }).strict(),
]);
export type HubCredentials = z.output<typeof HubCredentials>;

export const HubSetInput = z
  .object({
    /** nats:// or tls://; null leaves the hub. */
    url: z.string().trim().max(500).nullable(),
    role: z.enum(HUB_ROLES).default('till'),
    /** Given: replaces the kept ones; null: forgets them; absent: keeps them. */
    credentials: HubCredentials.nullable().optional(),
    /** Ticked by the user: plain nats:// to a non-loopback host is acceptable here. */
    private_network: z.boolean().optional(),
    /**
     * The merchant's name on the hub (default: derived from the service's address). Absent:
     * the one kept stays (Settings → Hub does not show it); null: forgets it.
     */
    account: HubAccount.nullable().optional(),
    /** Takes the receiving role from the console holding it. */
    take_over: z.boolean().optional(),
    /**
     * The address is a shop's leaf node, and this is the central hub's JetStream domain: the
     * console makes the shop's copy of the merchant's stream, sourcing the hub's (tills only).
     */
    hub_domain: HubAccount.optional(),
  })
  .strict();
export type HubSetInput = z.output<typeof HubSetInput>;

export const HubStatus = z.object({
  state: z.enum(['off', 'connecting', 'up', 'down']),
  role: z.enum(HUB_ROLES).nullable(),
  url: z.string().nullable(),
  account: z.string().nullable(),
  /** The central hub's JetStream domain when `url` is a shop's leaf node (hub.set hub_domain). */
  hub_domain: z.string().nullable(),
  /** Events not yet on the hub (receiving node) or not yet committed here (till). */
  behind: z.number().int().nonnegative().nullable(),
  last_event_at: z.string().nullable(),
  /** Since when the hub could not be reached (ISO), while down. */
  down_since: z.string().nullable(),
  /** Who holds the receiving role (a device name), when known. */
  receiver_name: z.string().nullable(),
  /**
   * Receiving node: whether it holds the receiving role now; false while connected but
   * another console (receiver_name) holds it. Null for a till, or off.
   */
  receiving: z.boolean().nullable(),
  error: z.string().nullable(),
});
export type HubStatus = z.output<typeof HubStatus>;

export const hubChannels = {
  /** Joins this console to a hub (or leaves it): an app-wide setting; the credentials go to the keychain. */
  'hub.set': { role: 'owner', input: HubSetInput, output: HubStatus },
  /** The hub: connected, behind by N, unreachable since, the last event, who receives. */
  'hub.status': { role: 'watch', input: Empty, output: HubStatus },
} as const satisfies ChannelEntries;
