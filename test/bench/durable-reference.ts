// The durable reference point: the least a server can do and still keep the same promises,
// written plainly, so a bench shows what durability itself costs on this machine apart from
// the console's own code. Two modes (REF_MODE):
// - 'webhook' (the receiver bench's --server reference): Standard Webhooks HMAC check, JSON
//   parse and field check, then the event joins a group commit (one batch in flight, a worker
//   thread, SQLite WAL with synchronous=FULL) and is answered 200 after it. Dedupe is a UNIQUE
//   index on the webhook-id, like the console's inbox; REF_DEDUPE=0 drops it (an incorrect
//   receiver, there only to show what that index costs).
// - 'create' (the sandbox bench's create scenario): JSON parse and an items check, a new
//   random id, the same group commit, then 201 with REF_ANSWER (the sandbox's own bytes).
// No settlement, no payment rows, no list, no log. Same file as the worker (isMainThread).
import { createHmac, createSecretKey, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

interface Row {
  key: string;
  body: string;
}

if (isMainThread) {
  const dbPath = process.env.REF_DB!;
  const create = process.env.REF_MODE === 'create';
  const key = create
    ? null
    : createSecretKey(Buffer.from(process.env.REF_SECRET!.slice('whsec_'.length), 'base64'));
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { path: dbPath, dedupe: process.env.REF_DEDUPE !== '0' },
  });
  const ACK = Buffer.from(create ? process.env.REF_ANSWER! : JSON.stringify({ received: true }));
  const HEADERS = { 'content-type': 'application/json', 'content-length': String(ACK.length) };
  const reply = (res: ServerResponse, status: number): void => {
    res.writeHead(status, HEADERS);
    res.end(ACK);
  };
  const OK = create ? 201 : 200;
  let queue: { row: Row; res: ServerResponse }[] = [];
  let inflight: typeof queue | null = null;
  let scheduled = false;
  const flush = (): void => {
    if (inflight || queue.length === 0) return;
    inflight = queue;
    queue = [];
    worker.postMessage(JSON.stringify(inflight.map((p) => p.row)));
  };
  const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (key === null) return acceptCreate(raw, res);
      const id = req.headers['webhook-id'];
      const ts = req.headers['webhook-timestamp'];
      const sig = req.headers['webhook-signature'];
      if (typeof id !== 'string' || typeof ts !== 'string' || typeof sig !== 'string') {
        return reply(res, 401);
      }
      const mac = createHmac('sha256', key).update(`${id}.${ts}.`).update(raw).digest();
      const offered = Buffer.from(sig.slice(3), 'base64');
      if (offered.length !== mac.length || !timingSafeEqual(offered, mac)) return reply(res, 401);
      let ev: { checkout_id?: unknown; amount?: unknown; currency?: unknown };
      try {
        ev = JSON.parse(raw.toString('utf8')) as typeof ev;
      } catch {
        return reply(res, 400);
      }
      if (typeof ev.checkout_id !== 'string' || typeof ev.amount !== 'number') {
        return reply(res, 400);
      }
      enqueue({ key: id, body: raw.toString('utf8') }, res);
    });
  });
  const enqueue = (row: Row, res: ServerResponse): void => {
    queue.push({ row, res });
    if (!scheduled) {
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        flush();
      });
    }
  };
  const acceptCreate = (raw: Buffer, res: ServerResponse): void => {
    let body: { items?: unknown };
    try {
      body = JSON.parse(raw.toString('utf8')) as typeof body;
    } catch {
      return reply(res, 400);
    }
    if (!Array.isArray(body.items) || body.items.length === 0) return reply(res, 422);
    enqueue({ key: randomUUID(), body: raw.toString('utf8') }, res);
  };
  worker.on('message', (m: string) => {
    if (m === 'ready') {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        process.stdout.write(`${JSON.stringify({ port, path: '/webhooks/reference' })}\n`);
      });
      return;
    }
    const done = inflight!;
    inflight = null;
    flush();
    for (const p of done) reply(p.res, OK);
  });
  process.once('SIGTERM', () => {
    server.close();
    void worker.terminate().then(() => process.exit(0));
  });
} else {
  const { path, dedupe } = workerData as { path: string; dedupe: boolean };
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
    CREATE TABLE events (id INTEGER PRIMARY KEY, key TEXT NOT NULL ${dedupe ? 'UNIQUE' : ''},
      body TEXT NOT NULL)`);
  const insert = db.prepare(
    `INSERT INTO events (key, body) VALUES (?, ?)${dedupe ? ' ON CONFLICT (key) DO NOTHING' : ''}`,
  );
  const port = parentPort!;
  port.on('message', (m: string) => {
    db.exec('BEGIN IMMEDIATE');
    for (const r of JSON.parse(m) as Row[]) insert.run(r.key, r.body);
    db.exec('COMMIT');
    port.postMessage('committed');
  });
  port.postMessage('ready');
}
