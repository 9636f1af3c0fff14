// Other screens (issue 25 §1): the running console serves its screens to tablets and phones
// on an address of this computer, through a listener the transport attaches (ScreensHost:
// electron/core/http/screens-server.ts, for the desktop app and the browser transport
// alike), on the same engine. Pairing: the owner shows a one-use code; a screen sends it with a name and
// gets its token; the owner approves it with a role. Every later request carries the token
// (Authorization: Bearer) and runs with that role; revoking closes its streams at once.
import type { ScreenDevice, ScreensPairing, ScreensStatus } from '#shared/domain.ts';
import { errorMessage } from '#shared/error-message.ts';
import { EngineError } from '#shared/errors.ts';
import type { Role } from '#shared/roles.ts';
import type { LanAddress } from '../embedded-sandbox/lan-addresses.ts';
import type { DeviceRow, DevicesSql, ScreensSetting } from './devices-sql.ts';
import { Pairing } from './pairing.ts';
import {
  hashSecret,
  makeToken,
  newDeviceId,
  newSecret,
  secretMatches,
  showCode,
  splitToken,
} from './tokens.ts';

/** What the transport gives the engine to serve screens with. */
export interface ScreensHost {
  /** Serves the screens on address:port (0: any free port); resolves with the port. */
  open(address: string, port: number): Promise<number>;
  close(): Promise<void>;
}

/** A paired, approved screen as a caller of the engine. */
export interface DeviceCaller {
  role: Role;
  device: { id: string; name: string };
}

export const LOOPBACK: LanAddress = { name: 'this computer only', address: '127.0.0.1' };
/** Screens waiting for approval at once; more are refused until the owner decides. */
export const MAX_PENDING = 20;
/** Last seen is written at most this often per screen (it is read, not raced). */
const SEEN_WRITE_MS = 30_000;

export interface ScreensOptions {
  sql: DevicesSql;
  /** This computer's LAN addresses (phone mode's list); loopback is always added. */
  addresses: () => LanAddress[];
  /** The clock pairing codes expire by and last-seen times are taken from. */
  now: () => number;
  log: (message: string) => void;
}

const hostForUrl = (a: string): string => (a.includes(':') ? `[${a}]` : a);

export class Screens {
  readonly #o: ScreensOptions;
  readonly #pairing: Pairing;
  #host: ScreensHost | null = null;
  #url: string | null = null;
  #error: string | null = null;
  #steps: Promise<unknown> = Promise.resolve();
  readonly #streams = new Map<string, Set<() => void>>();
  readonly #seen = new Map<string, { ms: number; address: string; writtenMs: number }>();

  constructor(options: ScreensOptions) {
    this.#o = options;
    this.#pairing = new Pairing(options.now);
  }

  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#steps.then(step, step);
    this.#steps = run.catch(() => undefined);
    return run;
  }

  addresses(): LanAddress[] {
    const lan = this.#o.addresses().filter((a) => a.address !== LOOPBACK.address);
    return [...lan, LOOPBACK];
  }

  /** The transport's server is ready: serve now if the owner left Other screens on. */
  attach(host: ScreensHost): Promise<void> {
    this.#host = host;
    return this.#serial(() => this.#apply());
  }

  status(): ScreensStatus {
    const s = this.#o.sql.setting();
    return {
      enabled: s.enabled,
      url: s.enabled ? this.#url : null,
      devices: this.#o.sql.countPaired(),
      address: s.address,
      addresses: this.addresses(),
      error: s.enabled ? this.#error : null,
    };
  }

  set(change: {
    enabled?: boolean | undefined;
    address?: string | undefined;
  }): Promise<ScreensStatus> {
    return this.#serial(async () => {
      const addresses = this.addresses();
      if (change.address !== undefined && !addresses.some((a) => a.address === change.address)) {
        throw new EngineError(
          'validation_error',
          `"${change.address}" is not an address of this computer. Choose one of: ${addresses
            .map((a) => a.address)
            .join(', ')}.`,
          { field: 'address' },
        );
      }
      if (change.enabled && this.#host === null) {
        throw new EngineError(
          'conflict',
          // Only an engine no transport serves (an in-process test) has no listener to use.
          'This console was started without a way to serve other screens. Restart the Merchant Console, then turn Other screens on again.',
          { field: 'enabled' },
        );
      }
      const before = this.#o.sql.setting();
      const address = change.address ?? before.address ?? addresses[0]!.address;
      const next: ScreensSetting = {
        enabled: change.enabled ?? before.enabled,
        address,
        // Another address: any free port there.
        port: address === before.address ? before.port : 0,
      };
      this.#o.sql.saveSetting(next);
      await this.#apply(before.enabled && (address !== before.address || !next.enabled));
      return this.status();
    });
  }

  async #apply(restart = false): Promise<void> {
    const host = this.#host;
    if (!host) return;
    const s = this.#o.sql.setting();
    if (restart || !s.enabled) {
      await host.close();
      this.#url = null;
    }
    this.#error = null;
    if (!s.enabled || this.#url !== null) return;
    const address = s.address;
    if (address === null || !this.addresses().some((a) => a.address === address)) {
      this.#error =
        address === null
          ? 'Choose the address other screens use.'
          : `This computer no longer has the address ${address}. Choose another one.`;
      return;
    }
    let port: number;
    try {
      port = await host.open(address, s.port);
    } catch (err) {
      // The port paired screens knew is taken now: any free one (they pair again).
      if (s.port === 0 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') {
        this.#error = `Other screens cannot be served on ${address}: ${errorMessage(err)}`;
        this.#o.log(this.#error);
        return;
      }
      port = await host.open(address, 0);
    }
    if (port !== s.port) this.#o.sql.saveSetting({ ...s, port });
    this.#url = `http://${hostForUrl(address)}:${port}/`;
  }

  pair(): ScreensPairing {
    if (!this.#o.sql.setting().enabled || this.#url === null) {
      throw new EngineError(
        'conflict',
        'Turn on Other screens first: pairing needs the address screens open.',
        { field: 'enabled' },
      );
    }
    const { code, expiresMs } = this.#pairing.issue();
    return {
      // The code rides in the fragment: the browser never sends it in a request line.
      url: `${this.#url}pair#code=${code}`,
      code: showCode(code),
      expires_at: new Date(expiresMs).toISOString(),
    };
  }

  /** A screen asks to pair: the code is used up, the screen waits for the owner's approval. */
  claim(code: string, name: string, address: string): { id: string; token: string } {
    this.#pairing.redeem(code);
    const pending = this.#o.sql.list().filter((d) => d.status === 'pending').length;
    if (pending >= MAX_PENDING) {
      throw new EngineError(
        'conflict',
        'Too many screens are waiting for approval. Approve or revoke them first.',
      );
    }
    const id = newDeviceId();
    const secret = newSecret();
    this.#o.sql.insert({
      id,
      name,
      role: null,
      status: 'pending',
      token_hash: hashSecret(secret),
      address,
      created_ms: this.#o.now(),
    });
    this.#o.log(`A screen named "${name}" asked to pair from ${address}.`);
    return { id, token: makeToken(id, secret) };
  }

  /** The screen this token belongs to, whatever its status; null when it is not one. */
  #rowFor(token: string): DeviceRow | null {
    const parts = splitToken(token);
    if (!parts) return null;
    const row = this.#o.sql.get(parts.id);
    return row && secretMatches(parts.secret, row.token_hash) ? row : null;
  }

  /** For the pairing page while it waits: its status and role. */
  pairState(
    token: string,
  ): { status: DeviceRow['status']; role: Role | null; name: string } | null {
    const row = this.#rowFor(token);
    return row ? { status: row.status, role: row.role, name: row.name } : null;
  }

  /** The caller an approved screen's token stands for (and notes it was seen), else null. */
  authenticate(token: string, address: string): DeviceCaller | null {
    const row = this.#rowFor(token);
    if (!row || row.status !== 'active' || row.role === null) return null;
    this.#noteSeen(row.id, address);
    return { role: row.role, device: { id: row.id, name: row.name } };
  }

  #noteSeen(id: string, address: string): void {
    const ms = this.#o.now();
    const last = this.#seen.get(id);
    const write = !last || last.address !== address || ms - last.writtenMs >= SEEN_WRITE_MS;
    this.#seen.set(id, { ms, address, writtenMs: write ? ms : last.writtenMs });
    if (write) this.#o.sql.seen(id, address, ms);
  }

  /** An event stream of this screen opened; `end` closes it. Returns: it closed. */
  streamOpened(deviceId: string, end: () => void): () => void {
    let set = this.#streams.get(deviceId);
    if (!set) this.#streams.set(deviceId, (set = new Set()));
    set.add(end);
    return () => {
      set.delete(end);
      if (set.size === 0 && this.#streams.get(deviceId) === set) this.#streams.delete(deviceId);
    };
  }

  #endStreams(deviceId: string): void {
    for (const end of [...(this.#streams.get(deviceId) ?? [])]) end();
    this.#streams.delete(deviceId);
  }

  devices(): { devices: ScreenDevice[] } {
    return { devices: this.#o.sql.list().map((r) => this.#shown(r)) };
  }

  #shown(r: DeviceRow): ScreenDevice {
    const seen = this.#seen.get(r.id);
    const lastMs = seen?.ms ?? r.last_seen_ms;
    return {
      id: r.id,
      name: r.name,
      role: r.role,
      status: r.status,
      address: seen?.address ?? r.address,
      last_seen_at: lastMs === null ? null : new Date(lastMs).toISOString(),
      connected: (this.#streams.get(r.id)?.size ?? 0) > 0,
    };
  }

  #existing(id: string): DeviceRow {
    const row = this.#o.sql.get(id);
    if (!row)
      throw new EngineError('not_found', 'There is no such screen. Reload the list.', {
        field: 'id',
      });
    return row;
  }

  approve(id: string, role: Role): ScreenDevice {
    const row = this.#existing(id);
    if (row.status === 'revoked') {
      throw new EngineError('conflict', `"${row.name}" was revoked; pair it again to use it.`, {
        field: 'id',
      });
    }
    this.#o.sql.update(id, { role, status: 'active' });
    this.#endStreams(id); // a role change re-opens its streams with what the new role sees
    return this.#shown(this.#existing(id));
  }

  update(id: string, change: { name?: string | undefined; role?: Role | undefined }): ScreenDevice {
    const row = this.#existing(id);
    if (change.role !== undefined && row.status !== 'active') {
      throw new EngineError('conflict', `"${row.name}" is not active: approve it first.`, {
        field: 'role',
      });
    }
    this.#o.sql.update(id, {
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.role === undefined ? {} : { role: change.role }),
    });
    if (change.role !== undefined && change.role !== row.role) this.#endStreams(id);
    return this.#shown(this.#existing(id));
  }

  revoke(id: string): ScreenDevice {
    this.#existing(id);
    this.#o.sql.update(id, { status: 'revoked' });
    this.#endStreams(id);
    return this.#shown(this.#existing(id));
  }

  close(): Promise<void> {
    return this.#serial(async () => {
      for (const id of [...this.#streams.keys()]) this.#endStreams(id);
      await this.#host?.close();
      this.#url = null;
    });
  }
}
