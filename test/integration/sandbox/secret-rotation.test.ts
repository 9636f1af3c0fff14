// Webhook secrets: the sandbox keeps the current and the previous one only. A rotated-out
// secret leaves no copy in the database file or its WAL (the raw bytes are searched), and
// rotation never breaks a delivery: one in flight keeps its valid signature, and later ones
// are signed with both secrets, so a receiver holding either accepts them. Signatures are
// checked with the console receiver's own verifier.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifySignature } from '../../../electron/core/receiver/signature.ts';
import { DB_FILE } from '../../../sandbox/db/open.ts';
import { MIGRATIONS } from '../../../sandbox/db/migrations.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { generateApiKey, generateWebhookSecret, hashKey } from '../../../sandbox/keys.ts';
import { startHarness, tempDir, type Harness } from './harness.ts';

const dirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Every on-disk file of the store, as raw bytes (missing ones as empty). */
function rawFiles(dataDir: string): Buffer[] {
  return ['', '-wal', '-journal'].map((s) => {
    const f = join(dataDir, `${DB_FILE}${s}`);
    return existsSync(f) ? readFileSync(f) : Buffer.alloc(0);
  });
}

/** Whether the secret (or its key part alone) is anywhere in the store's files. */
function onDisk(dataDir: string, secret: string): boolean {
  const needles = [secret, secret.slice('whsec_'.length)];
  return rawFiles(dataDir).some((b) => needles.some((n) => b.includes(Buffer.from(n))));
}

async function register(h: Harness, url: string): Promise<string> {
  const res = await h.post('/api-webhooks', { url });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { secret: string } }).data.secret;
}

describe('only the current and the previous secret are kept', () => {
  it('registering 3 times leaves no copy of the first secret in the .sqlite or -wal', async () => {
    const h = await startHarness();
    cleanups.push(() => h.stop());
    const s1 = await register(h, 'http://127.0.0.1:9/one');
    // The check can see a secret that is there (so its silence below means something).
    expect(onDisk(h.dataDir, s1)).toBe(true);
    const s2 = await register(h, 'http://127.0.0.1:9/two-longer');
    const s3 = await register(h, 'http://127.0.0.1:9/3');
    expect(onDisk(h.dataDir, s1)).toBe(false);
    expect(onDisk(h.dataDir, s2)).toBe(true);
    expect(onDisk(h.dataDir, s3)).toBe(true);
    const db = new DatabaseSync(join(h.dataDir, DB_FILE), { readOnly: true });
    expect(db.prepare('SELECT secret, previous_secret FROM webhooks').all()).toEqual([
      { secret: s3, previous_secret: s2 },
    ]);
    db.close();
    await h.sandbox.close();
    expect(onDisk(h.dataDir, s1)).toBe(false);
    expect(onDisk(h.dataDir, s2)).toBe(true);
  });

  it('an older store left by a crash is cleaned once: no replaced secret stays in its WAL', async () => {
    const dir = tempDir();
    const crashed = tempDir();
    dirs.push(dir, crashed);
    // A store as version 2 wrote it: each registration overwrote the secret, without
    // secure_delete, and every older page image stayed in the WAL.
    const old = new DatabaseSync(join(dir, DB_FILE));
    old.exec('PRAGMA journal_mode = WAL; PRAGMA secure_delete = OFF');
    old.exec('CREATE TABLE schema_version (version INTEGER NOT NULL)');
    for (const m of MIGRATIONS.slice(0, 2)) old.exec(m.sql);
    old.exec('INSERT INTO schema_version VALUES (1), (2)');
    const key = generateApiKey();
    old
      .prepare('INSERT INTO merchants VALUES (?, ?, ?, ?)')
      .run('m1', 'sk_live_x', hashKey(key), 'x');
    old.prepare('INSERT INTO checkout_counts VALUES (?, 0, 0)').run('m1');
    const upsert = old.prepare(
      `INSERT INTO webhooks (merchant_id, id, url, secret, created_at) VALUES ('m1', 'w', ?, ?, 'x')
       ON CONFLICT (merchant_id) DO UPDATE SET url = excluded.url, secret = excluded.secret`,
    );
    const secrets = Array.from({ length: 4 }, () => generateWebhookSecret());
    secrets.forEach((s, i) => upsert.run(`http://127.0.0.1:9/${'x'.repeat(i * 7)}`, s));
    // The files as a crash (or a power cut) leaves them: database and WAL, not checkpointed.
    for (const suffix of ['', '-wal']) {
      copyFileSync(join(dir, `${DB_FILE}${suffix}`), join(crashed, `${DB_FILE}${suffix}`));
    }
    old.close();
    expect(onDisk(crashed, secrets[0]!)).toBe(true); // what the old version left behind

    const sandbox = await startSandbox({ dataDir: crashed });
    cleanups.push(() => sandbox.close());
    for (const s of secrets.slice(0, 3)) expect(onDisk(crashed, s)).toBe(false);
    expect(onDisk(crashed, secrets[3]!)).toBe(true);
  });
});

interface Held {
  headers: IncomingHttpHeaders;
  body: Buffer;
  res: ServerResponse;
}

/** A receiver that records each delivery and answers only when told (a delivery in flight). */
async function holdingReceiver() {
  const arrived: Held[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => arrived.push({ headers: req.headers, body: Buffer.concat(chunks), res }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, arrived, close };
}

function verifies(d: Held, secrets: string[]): boolean {
  const h = (name: string) => d.headers[name] as string | undefined;
  const headers = {
    id: h('webhook-id'),
    timestamp: h('webhook-timestamp'),
    signature: h('webhook-signature'),
  };
  return verifySignature(headers, d.body, secrets, Date.now()).ok;
}

describe('rotation and deliveries', () => {
  it('keeps a delivery in flight valid and signs later ones with both secrets', async () => {
    const h = await startHarness({ timeScale: 1000 });
    const r = await holdingReceiver();
    cleanups.push(async () => {
      await r.close();
      await h.stop();
    });
    const pay = async () => {
      const res = await h.post('/api-checkouts', { items: [{ name: 'Tea', amount: 2 }] });
      const { data } = (await res.json()) as { data: { checkout_url: string } };
      expect((await fetch(data.checkout_url, { method: 'POST', redirect: 'manual' })).status).toBe(
        303,
      );
    };
    const arrival = (n: number) =>
      vi.waitFor(() => expect(r.arrived.length).toBeGreaterThanOrEqual(n), {
        timeout: 10_000,
        interval: 10,
      });

    const s1 = await register(h, r.url);
    await pay();
    await arrival(1);
    const inFlight = r.arrived[0]!;
    // The receiver (the console) now registers again and keeps [new, previous].
    const s2 = await register(h, r.url);
    expect(verifies(inFlight, [s2, s1])).toBe(true);
    expect(verifies(inFlight, [s2])).toBe(false);
    inFlight.res.writeHead(200).end();

    await pay();
    await arrival(2);
    const after = r.arrived[1]!;
    after.res.writeHead(200).end();
    // Two v1 signatures: a receiver with only the new secret, or still only the old, accepts.
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(after, [s2])).toBe(true);
    expect(verifies(after, [s1])).toBe(true);

    const s3 = await register(h, r.url);
    await pay();
    await arrival(3);
    const third = r.arrived[2]!;
    third.res.writeHead(200).end();
    expect(verifies(third, [s3])).toBe(true);
    expect(verifies(third, [s2])).toBe(true);
    expect(verifies(third, [s1])).toBe(false); // deleted: it signs nothing any more
  });
});
