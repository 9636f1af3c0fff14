// npm run sandbox -- [--port N] [--host H] [--data DIR] [--time-scale X] [--allow-private-webhooks]
//   [--pay-listen ADDR]
// Prints ONE JSON line on stdout when ready: {base_url, checkout_page_base, merchant_id,
// api_key, pay_base (with --pay-listen)} for a merchant made for this start. Logs go to stderr. Bad flags exit 2.
import { resolve } from 'node:path';
import { UsageError, folderFlag, hostFlag, parseFlags, portFlag } from '#shared/node/cli-flags.ts';
import { payListenAddressProblem } from './http/pay-listener.ts';
import { startSandbox, type RunningSandbox } from './index.ts';

const USAGE = `Usage: npm run sandbox -- [options]
  --port N          port to listen on; 0 picks a free port (default 0)
  --host H          address to bind (default 127.0.0.1)
  --data DIR        data folder (default ./.data/sandbox)
  --time-scale X    divide webhook retry delays by X (default 1)
  --page-base URL   origin of the hosted pay page (default the base URL)
  --rate-limit N    requests per second per key (default off)
  --allow-private-webhooks
                    when listening beyond loopback, still deliver webhooks to loopback,
                    private and link-local addresses (default: refused)
  --pay-listen ADDR phone mode: also serve the pay pages (only /pay/*) on ADDR, e.g. this
                    machine's LAN address, and make new checkout links use it
  --without-checkout-extensions
                    leave out GET/PATCH /api-checkouts/<id> (a service without them)
  -h, --help        show this help`;

interface CliOptions {
  port: number;
  host: string;
  dataDir: string;
  timeScale: number;
  checkoutPageBase?: string;
  rateLimitPerSecond?: number;
  allowPrivateWebhooks?: boolean;
  payListen?: string;
  checkoutExtensions?: boolean;
}

function numberFlag(name: string, raw: string | undefined, check: (n: number) => boolean) {
  if (raw === undefined) return undefined;
  const n = raw.trim() === '' ? NaN : Number(raw);
  if (!check(n)) throw new UsageError(`--${name}: "${raw}" is not valid`);
  return n;
}

export function parseCli(argv: string[]): CliOptions | 'help' {
  const values = parseFlags(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    'time-scale': { type: 'string' },
    'page-base': { type: 'string' },
    'rate-limit': { type: 'string' },
    'allow-private-webhooks': { type: 'boolean' },
    'pay-listen': { type: 'string' },
    'without-checkout-extensions': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  const port = portFlag(values.port);
  const host = hostFlag(values.host);
  const data = folderFlag(values.data);
  const timeScale = numberFlag(
    'time-scale',
    values['time-scale'],
    (n) => Number.isFinite(n) && n > 0,
  );
  const rate = numberFlag('rate-limit', values['rate-limit'], (n) => Number.isFinite(n) && n > 0);
  const pageBase = values['page-base'];
  if (pageBase !== undefined && !/^https?:\/\/\S+$/.test(pageBase)) {
    throw new UsageError(`--page-base: "${pageBase}" is not an absolute http(s) URL`);
  }
  const payListen = values['pay-listen'];
  if (payListen !== undefined) {
    const problem = payListenAddressProblem(payListen);
    if (problem !== null) throw new UsageError(`--pay-listen: "${payListen}" ${problem}`);
  }
  return {
    port,
    host,
    dataDir: resolve(data ?? '.data/sandbox'),
    timeScale: timeScale ?? 1,
    ...(pageBase !== undefined ? { checkoutPageBase: pageBase } : {}),
    ...(rate !== undefined ? { rateLimitPerSecond: rate } : {}),
    ...(values['allow-private-webhooks'] ? { allowPrivateWebhooks: true } : {}),
    ...(payListen !== undefined ? { payListen } : {}),
    ...(values['without-checkout-extensions'] ? { checkoutExtensions: false } : {}),
  };
}

async function main(): Promise<void> {
  let options: CliOptions | 'help';
  try {
    options = parseCli(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`sandbox: ${(err as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({ ...options, log: (line) => process.stderr.write(`${line}\n`) });
  } catch (err) {
    process.stderr.write(`sandbox: could not start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  // Handlers first: whoever reads the ready line may signal at once.
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`sandbox: ${signal}, shutting down\n`);
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`sandbox: shutdown failed: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const merchant = await sandbox.createMerchant();
  process.stdout.write(
    `${JSON.stringify({
      base_url: sandbox.baseUrl,
      checkout_page_base: sandbox.checkoutPageBase,
      merchant_id: merchant.merchant_id,
      api_key: merchant.api_key,
      ...(sandbox.payListener() ? { pay_base: sandbox.payListener()!.base } : {}),
    })}\n`,
  );
  process.stderr.write(`sandbox: listening on ${sandbox.baseUrl} (data in ${options.dataDir})\n`);
  const pay = sandbox.payListener();
  if (pay) process.stderr.write(`sandbox: pay pages only, for phones, on ${pay.base}\n`);
}

await main();
