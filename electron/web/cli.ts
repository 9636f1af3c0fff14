// `npm run serve`: the console engine in a browser. Prints one JSON line when ready,
// opens no browser, and shuts down cleanly on SIGINT/SIGTERM, and on SIGHUP (the terminal
// was closed): its default would end the process at once, leaving a tunnel tool forwarding
// the public URL to a port that may be reused.
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createEngine, type EngineInternals } from '../core/index.ts';
import { USAGE, parseCliArgs } from './cli-args.ts';
import { startWebServer } from './server.ts';
import { rendererBuilt } from '../common/static-files.ts';
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

/**
 * MERCHANT_TEST_MAX_PAGE_COUNT (tests only; the e2e disk-full test sets it): once started,
 * the console's database may not grow past this many pages (SQLite's max_page_count on the
 * store's and the receiver writer's connections; a value below the file's size means "no
 * growth at all"), as if the disk were full. Unset in normal use.
 */
function testMaxPagesFromEnv(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(
      `serve: MERCHANT_TEST_MAX_PAGE_COUNT must be a whole number from 1, got "${raw}".`,
    );
    process.exit(2);
  }
  return n;
}

/** The engine's store, as its onStore hook hands it over. */
type Store = Parameters<NonNullable<EngineInternals['onStore']>>[0];

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
  const maxPages = testMaxPagesFromEnv(process.env.MERCHANT_TEST_MAX_PAGE_COUNT);
  let store: Store | undefined;
  const engine = await createEngine(
    {
      dataDir: opts.dataDir,
      transport: 'web',
      version: packageVersion(),
      ...(opts.profile === undefined ? {} : { profile: opts.profile }),
    },
    {
      ...(timeoutMs === undefined ? {} : { http: { timeoutMs } }),
      ...(maxPages === undefined ? {} : { onStore: (s: Store) => (store = s) }),
    },
  );
  if (maxPages !== undefined && store) {
    await store.limitPages(maxPages);
    console.error(`serve: test hook: the database may not grow past ${maxPages} pages.`);
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
