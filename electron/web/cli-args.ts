// Flags of `npm run serve`; a bad flag is a usage error (exit 2) with a plain message.
import { isIP } from 'node:net';
import { UsageError, folderFlag, hostFlag, parseFlags, portFlag } from '#shared/node/cli-flags.ts';
import { defaultDataDir } from '../common/app-dir.ts';

export const USAGE = `Usage: npm run serve -- [--port N] [--host H] [--data DIR] [--profile sandbox|<id>]

  --port N          port to listen on (default 0: a free port)
  --host H          address to bind (default 127.0.0.1; 0.0.0.0 or a LAN address to share)
  --data DIR        data folder (default: the desktop app's user data folder)
  --profile P       profile to start with: "sandbox" or a live profile id (default: last used)
  --max-db-pages N  once started, console.db may not grow past N pages (SQLite's page, 4 KiB):
                    what it cannot store is refused as on a full disk (default: no limit)
  --lan-address A   an address of this computer that phones on the shop's network can reach,
                    offered for phone mode besides those found on its network interfaces
                    (repeatable)
  --help            show this text

Environment: MERCHANT_API_TIMEOUT_MS  per-request timeout towards the service (default 10000)

Prints one JSON line {url, token, receiver_url} when ready; Ctrl+C stops it.`;

export interface CliOptions {
  port: number;
  host: string;
  dataDir: string;
  profile: string | undefined;
  /** The database's size limit in pages (--max-db-pages), or none. */
  maxDbPages?: number | undefined;
  /** Addresses to offer for phone mode besides the interfaces' (--lan-address). */
  lanAddresses?: string[] | undefined;
  help: boolean;
}

export type ParsedCli = { ok: true; options: CliOptions } | { ok: false; message: string };

export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ParsedCli {
  try {
    return { ok: true, options: readCliArgs(argv, env) };
  } catch (err) {
    if (err instanceof UsageError) return { ok: false, message: err.message };
    throw err;
  }
}

function readCliArgs(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  const values = parseFlags(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    profile: { type: 'string' },
    'max-db-pages': { type: 'string' },
    'lan-address': { type: 'string', multiple: true },
    help: { type: 'boolean' },
  });
  const port = portFlag(values.port);
  const host = hostFlag(values.host);
  const data = folderFlag(values.data);
  if (values.profile !== undefined && !/^[\w.-]{1,100}$/.test(values.profile)) {
    throw new UsageError(`--profile must be "sandbox" or a profile id, got "${values.profile}".`);
  }
  const maxPages = values['max-db-pages'];
  if (maxPages !== undefined && (!/^\d{1,12}$/.test(maxPages) || Number(maxPages) < 1)) {
    throw new UsageError(
      `--max-db-pages must be a whole number of pages from 1, got "${maxPages}".`,
    );
  }
  const lan = values['lan-address'];
  const badLan = lan?.find((a) => isIP(a) === 0);
  if (badLan !== undefined) {
    throw new UsageError(`--lan-address must be an IP address, got "${badLan}".`);
  }
  return {
    port,
    host,
    dataDir: data ?? defaultDataDir(process.platform, env),
    profile: values.profile,
    ...(maxPages === undefined ? {} : { maxDbPages: Number(maxPages) }),
    ...(lan === undefined ? {} : { lanAddresses: lan }),
    help: values.help ?? false,
  };
}
