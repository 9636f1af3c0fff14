// `npm run serve`: the console engine in a browser. Prints one JSON line when ready,
// opens no browser, and shuts down cleanly on SIGINT/SIGTERM, and on SIGHUP (the terminal
// was closed): its default would end the process at once, leaving a tunnel tool forwarding
// the public URL to a port that may be reused.
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createEngine } from '../core/index.ts';
import { USAGE, parseCliArgs } from './cli-args.ts';
import { startWebServer } from './server.ts';
import { rendererBuilt } from '#shared/node/static-files.ts';
import { errorMessage } from '#shared/error-message.ts';

const RENDERER_DIR = resolve(import.meta.dirname, '../../out/renderer');

function packageVersion(): string {
  const pkg = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8'),
  ) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/**
 * MERCHANT_API_TIMEOUT_MS: how long one request to the service may take before the console
 * gives up (default 10 s). Fault tests shorten it so a hanging service fails fast.
 */
function apiTimeoutFromEnv(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 100 || n > 600_000) {
    console.error(
      `serve: MERCHANT_API_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000, got "${raw}".`,
    );
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`serve: ${parsed.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const opts = parsed.options;
  if (opts.help) {
    console.log(USAGE);
    return;
  }
  // Private from the start (the engine tightens a folder left looser, and says so).
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  if (!rendererBuilt(RENDERER_DIR)) {
    console.error(
      `serve: the renderer is not built (${RENDERER_DIR} has no index.html); ` +
        'run `npx electron-vite build` to get the screens. RPC and events work without it.',
    );
  }
  const timeoutMs = apiTimeoutFromEnv(process.env.MERCHANT_API_TIMEOUT_MS);
  const engine = await createEngine({
    dataDir: opts.dataDir,
    transport: 'web',
    version: packageVersion(),
    ...(opts.profile === undefined ? {} : { profile: opts.profile }),
    ...(timeoutMs === undefined ? {} : { apiTimeoutMs: timeoutMs }),
    ...(opts.maxDbPages === undefined ? {} : { maxDbPages: opts.maxDbPages }),
    ...(opts.lanAddresses === undefined ? {} : { extraLanAddresses: opts.lanAddresses }),
  });
  if (opts.maxDbPages !== undefined) {
    console.error(`serve: console.db may not grow past ${opts.maxDbPages} pages (--max-db-pages).`);
  }
  let web;
  try {
    web = await startWebServer({
      engine,
      host: opts.host,
      port: opts.port,
      staticDir: RENDERER_DIR,
    });
  } catch (err) {
    await engine.close();
    throw err;
  }

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.error(`serve: ${signal}, shutting down`);
    web
      .close()
      .then(() => engine.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error('serve: shutdown failed:', errorMessage(err));
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGHUP', () => stop('SIGHUP'));

  console.log(
    JSON.stringify({ url: web.url, token: web.token, receiver_url: engine.receiverUrl() }),
  );
}

main().catch((err: unknown) => {
  console.error('serve: could not start:', errorMessage(err));
  process.exit(1);
});
