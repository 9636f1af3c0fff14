// The pieces every area of the contract shares: the entry shape each channel must have, and
// small schemas (ids, URLs, dates) used by more than one area. No channel is defined here.
import { z } from 'zod';
import type { Channel } from '../channels.ts';
import type { Role } from '../roles.ts';

/** One channel: the least role that may call it, its input and its answer (all required). */
export interface ChannelEntry {
  readonly role: Role;
  readonly input: z.ZodType;
  readonly output: z.ZodType;
}

/**
 * What an area's map satisfies (`export const dayChannels = {…} as const satisfies
 * ChannelEntries`): only names of shared/channels.ts, each a full entry; a missing role,
 * input or output, or a misspelt name, is a compile error in the area's own file.
 */
export type ChannelEntries = { readonly [C in Channel]?: ChannelEntry };

export const Empty = z.object({}).strict();
export const Ok = z.object({ ok: z.literal(true) });
export const ProfileId = z.string().min(1).max(100);
export const BaseUrl = z
  .string()
  .url('must be an absolute URL')
  .refine((u) => /^https?:\/\//i.test(u), 'must start with http:// or https://');
export const ApiKeyInput = z.string().trim().min(1).max(500);
export const CheckoutId = z.string().trim().min(1).max(200);
export const int = (min: number, max: number) => z.number().int().min(min).max(max);
export const IsoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });
/** A calendar day, YYYY-MM-DD (a real one: 2026-02-30 is refused). */
export const ExportDay = z.iso.date({ message: 'must be a date like 2026-01-31' });
export const DeviceId = z.string().trim().min(1).max(64);
/** What a paired screen is called ("Till 2"); no control characters. */
export const DeviceName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(60, 'must be at most 60 characters')
  .refine((n) => !/[\p{Cc}\p{Cf}]/u.test(n), 'must not contain control or invisible characters');

/** On/off and a LAN address of this computer: phone mode and other screens pick alike. */
export const ListenerSwitch = z
  .object({
    enabled: z.boolean().optional(),
    address: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
