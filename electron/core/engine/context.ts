// What every channel handler may use.
import type { ProfileKeys } from '../profiles/index.ts';
import type { Emitter } from './events.ts';
import type { Store } from '../database.ts';
import type { ActiveProfile } from './active-profile.ts';
import type { SetAside } from '../store/damaged-db.ts';
import type { SystemLocales } from './system-locales.ts';
import type { SavePdf } from '../day/index.ts';

export interface HandlerContext {
  store: Store;
  keys: ProfileKeys;
  /** The active profile: its id, its API client, the steps that change it. */
  active: ActiveProfile;
  /** Pushes to every transport (checkout.created after a create). */
  events: Emitter;
  transport: 'electron' | 'web';
  version: string;
  systemLocales: (() => SystemLocales) | undefined;
  /** Set when this start found console.db damaged and moved it aside. */
  damaged: SetAside | null;
  openExternal: ((url: string) => Promise<void>) | undefined;
  /** The desktop window's Save as PDF (day.pdf); undefined in a browser transport. */
  savePdf: SavePdf | undefined;
  now: () => Date;
}
