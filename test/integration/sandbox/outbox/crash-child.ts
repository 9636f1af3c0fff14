// Runs a deliverer in its own process so a test can SIGKILL it mid-delivery (a real crash:
// no close(), no cleanup). Usage: node crash-child.ts <db file> <receiver url> <secret>
import { DatabaseSync } from 'node:sqlite';
import { migrateOutbox, startDeliverer } from '../../../../sandbox/outbox/index.ts';

const [file, url, secret] = process.argv.slice(2);
if (!file || !url || !secret) throw new Error('usage: crash-child.ts <db> <url> <secret>');
const db = new DatabaseSync(file);
db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000');
migrateOutbox(db);
startDeliverer({ db, concurrency: 4, resolveEndpoint: () => ({ url, secret }) });
// Keep the process alive until killed (the deliverer's own timers are unref'd).
setInterval(() => {}, 60_000);
process.stdout.write('started\n');
