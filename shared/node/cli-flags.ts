// Command-line flags of the console's `npm run serve` (electron/web/cli-args.ts) and the
// sandbox's `npm run sandbox` (sandbox/cli.ts): strict parsing (an unknown flag, a missing
// value or a stray word is a usage error), and the flags both have (--port, --host, --data)
// checked the same way, refused in the same words.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { errorMessage } from '../error-message.ts';

/** A bad command line: the message says which flag and why; the caller exits 2. */
export class UsageError extends Error {}

type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** The values of `options` in `argv`; anything else on the line is a UsageError. */
export function parseFlags<O extends FlagOptions>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
}

/** --port: a TCP port, 0 to 65535 (0: any free port); `fallback` when absent. */
export function portFlag(raw: string | undefined, fallback = 0): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got "${raw}".`);
  }
  return Number(raw);
}

/** --host: an IP address or a host name; an IPv6 literal may come in brackets ([::1]). */
export function hostFlag(raw: string | undefined, fallback = '127.0.0.1'): string {
  const host = raw ?? fallback;
  if (!/^[A-Za-z0-9.:[\]-]{1,253}$/.test(host)) {
    throw new UsageError(`--host must be an IP address or host name, got "${host}".`);
  }
  return host.replace(/^\[(.*)\]$/, '$1');
}

/** --data: a folder (undefined when absent: the caller has its default). */
export function folderFlag(raw: string | undefined): string | undefined {
  if (raw !== undefined && raw.trim() === '') throw new UsageError('--data must name a folder.');
  return raw;
}
