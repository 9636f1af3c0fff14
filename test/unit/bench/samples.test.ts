// The benches' sample check (test/bench/samples.ts): a bench that measured fewer samples than
// it sent exits non-zero, every bench `npm run bench` runs makes that check, and the load
// generator counts a request the server never answered as sent and not measured.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BENCHES } from '../../bench/benches.ts';
import { buildRequest, runLoad } from '../../bench/load.ts';
import { expectSamples, sampleShortfall } from '../../bench/samples.ts';

describe('bench sample check', () => {
  const exitCode = process.exitCode;
  afterEach(() => {
    process.exitCode = exitCode;
  });

  it('passes only when every sample sent was measured', () => {
    expect(sampleShortfall(1000, 1000)).toBeNull();
    expect(sampleShortfall(0, 1000)).toBe('0 of 1000 measured (1000 missing)');
    expect(sampleShortfall(999, 1000)).toBe('999 of 1000 measured (1 missing)');
    expect(sampleShortfall(0, 0)).toMatch(/nothing was sent/);
    expect(sampleShortfall(Number.NaN, 10)).toMatch(/not numbers/);
  });

  it('sets a non-zero exit code on a shortfall and leaves it alone otherwise', () => {
    process.exitCode = 0;
    expect(expectSamples('rows', 5, 5)).toBe(true);
    expect(process.exitCode).toBe(0);
    expect(expectSamples('rows', 0, 5)).toBe(false);
    expect(process.exitCode).toBe(1);
  });

  it('is called by every bench that `npm run bench` runs', () => {
    for (const name of BENCHES) {
      const src = readFileSync(join(import.meta.dirname, '../../bench', `${name}.ts`), 'utf8');
      expect(src, `${name}.ts`).toMatch(/\bexpectSamples\(/);
    }
  });
});

describe('load generator', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  });

  it('counts a request left unanswered by a server that hangs up as sent, not measured', async () => {
    let answered = 0;
    server = createServer((req, res) => {
      req.resume();
      // Answers three requests, then drops every connection without answering.
      if (answered++ < 3) res.end('ok');
      else req.socket.destroy();
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const result = await runLoad({
      port,
      request: buildRequest('GET', '/', {}),
      expectStatus: 200,
      concurrency: 2,
      durationMs: 60_000,
    });
    expect(result.requests).toBe(3);
    expect(result.sent).toBe(5);
    expect(sampleShortfall(result.requests, result.sent)).toBe('3 of 5 measured (2 missing)');
  });
});
