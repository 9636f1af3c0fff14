// The console itself and who uses it: app.info, the profiles (Sandbox and live accounts),
// their keys, the settings and phone mode. Assembled into `contract` by shared/contract.ts.
import { z } from 'zod';
import { KeyStatus, PhoneAccess, Profile, ProfileList, Settings } from '../domain.ts';
import { ROLES } from '../roles.ts';
import {
  ApiKeyInput,
  BaseUrl,
  type ChannelEntries,
  Empty,
  ProfileId,
  ListenerSwitch,
} from './schemas.ts';

export const appChannels = {
  /** The console's version and transport, a database set aside at start, the computer's locales. */
  'app.info': {
    role: 'watch',
    input: Empty,
    output: z.object({
      version: z.string(),
      transport: z.enum(['electron', 'web']),
      /** This start found the database damaged: the file name it was moved aside to. */
      damaged_db: z.object({ moved_to: z.string() }).optional(),
      /**
       * The computer's preferred UI languages and its regional format (money, dates), when
       * the transport knows them (Electron); a browser's page asks navigator instead.
       */
      locales: z
        .object({
          languages: z.array(z.string().max(64)).max(32),
          regional: z.string().max(64),
        })
        .optional(),
      /**
       * The console's data has no account in use yet (no live account, no checkout or
       * payment, none chosen): only then do the screens show Welcome. The engine decides, so
       * a second screen in a new browser opens on the console as it is.
       */
      welcome: z.boolean(),
      /** The caller's role, so the page shows only what it may do (absent: owner). */
      role: z.enum(ROLES).optional(),
      /** The paired screen's name, when the caller is one. */
      screen: z.object({ name: z.string() }).optional(),
    }),
  },
  /** Every profile (the Sandbox and live accounts) with its key's status, and the active one. */
  'profiles.list': { role: 'watch', input: Empty, output: ProfileList },
  /** Adds a live account; a key given is tested at base_url first (failing, nothing is added). */
  'profiles.add': {
    role: 'owner',
    input: z
      .object({
        name: z.string().trim().min(1).max(80),
        base_url: BaseUrl,
        /** Tested against base_url first: when it fails, no profile is added. */
        key: ApiKeyInput.optional(),
      })
      .strict(),
    output: Profile,
  },
  /** Renames a profile or moves it to another base URL (its key goes: tested at the old one). */
  'profiles.update': {
    role: 'owner',
    input: z
      .object({
        id: ProfileId,
        name: z.string().trim().min(1).max(80).optional(),
        base_url: BaseUrl.optional(),
      })
      .strict(),
    output: Profile,
  },
  /** Makes a profile the active one: the receiver and tunnel move to it, its webhook registered. */
  'profiles.switch': {
    role: 'owner',
    input: z.object({ id: ProfileId }).strict(),
    output: ProfileList,
  },
  /** Removes a live account and its key; when it was the active one, the Sandbox takes over. */
  'profiles.remove': {
    role: 'owner',
    input: z.object({ id: ProfileId }).strict(),
    output: ProfileList,
  },
  /** Whether the active profile has a key (masked, never the key) and the keychain works. */
  'key.status': { role: 'watch', input: Empty, output: KeyStatus },
  /** Tests a key against the active profile's service, then keeps it in the keychain. */
  'key.set': {
    role: 'owner',
    input: z.object({ key: ApiKeyInput }).strict(),
    output: KeyStatus,
  },
  /** Removes the active profile's key from the keychain. */
  'key.clear': { role: 'owner', input: Empty, output: KeyStatus },
  /** The console's settings: receiver port, public URL, sound, notifications, language, … */
  'settings.get': { role: 'watch', input: Empty, output: Settings },
  /** Changes the settings given; the answer is all of them. */
  'settings.set': { role: 'owner', input: Settings.partial().strict(), output: Settings },
  /** Phone mode: with no field, the state; `enabled` turns it on/off, `address` picks one. */
  'sandbox.phoneAccess': {
    role: 'owner',
    input: ListenerSwitch,
    output: PhoneAccess,
  },
} as const satisfies ChannelEntries;
