// `npm run relay`: the console engine with no window and no screens, for an always-on
// machine that is the receiving node of a hub (docs/hub.md): its receiver, its tunnel, the
// webhook registration and the hub's outbox all run as in the app. It uses the data folder
// the app set up (the live profile, its key in the keychain, Settings → Hub), prints one JSON
// line when ready and a line each time the hub's status changes, and stops cleanly on
// SIGINT, SIGTERM and SIGHUP.
import { mkdirSync } from 'node:fs';
import { createEngine } from '../core/index.ts';
import { UsageError, folderFlag, parseFlags } from '#shared/node/cli-flags.ts';
import { defaultDataDir } from '../common/app-dir.ts';
import { errorMessage } from '#shared/error-message.ts';

const USAGE = `Usage: npm run relay -- [--data DIR] [--profile <id>]

  --data DIR    data folder (default: the desktop app's user data folder)
  --profile P   profile to receive for (default: last used)
  --help        show this text

Join the hub as the receiving node first (Settings → Hub in the app, on this data folder).
Prints one JSON line {receiver_url, hub} when ready; Ctrl+C stops it.`;

async function main(): Promise<void> {
  let values: {
    data?: string | undefined;
    profile?: string | undefined;
    help?: boolean | undefined;
  };
  try {
    values = parseFlags(process.argv.slice(2), {
      data: { type: 'string' },
      profile: { type: 'string' },
      help: { type: 'boolean' },
    });
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`relay: ${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const dataDir = folderFlag(values.data) ?? defaultDataDir(process.platform, process.env);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const engine = await createEngine({
    dataDir,
    transport: 'web',
    version: 'relay',
    ...(values.profile === undefined ? {} : { profile: values.profile }),
  });
  engine.on('hub.status', (s) => {
    console.error(
      `relay: hub ${s.state}${s.behind ? `, ${s.behind} waiting` : ''}${s.error ? ` (${s.error})` : ''}`,
    );
  });
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.error(`relay: ${signal}, shutting down`);
    engine.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('relay: shutdown failed:', errorMessage(err));
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGHUP', () => stop('SIGHUP'));
  const hub = await engine.call('hub.status', {});
  if (hub.role !== 'receiver') {
    console.error(
      'relay: this data folder is not the receiving node of a hub (Settings → Hub); receiving anyway.',
    );
  }
  console.log(JSON.stringify({ receiver_url: engine.receiverUrl(), hub }));
}

main().catch((err: unknown) => {
  console.error('relay: could not start:', errorMessage(err));
  process.exit(1);
});
