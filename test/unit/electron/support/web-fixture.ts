// One web server per test in front of the test-double engine, serving a tiny fake build
// folder that sits beside a secret file (so path traversal has something to find).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { startWebServer, type WebServer } from '../../../../electron/web/server.ts';
import { createTestEngine, type TestEngine } from './test-engine.ts';

export interface WebFixture {
  /** Parent folder: holds `build/` and web-unit-secret.txt. */
  base: string;
  /** The fake renderer build served as static files. */
  dir: string;
  engine: TestEngine;
  /** A test may replace it; the current one is closed after each test. */
  web: WebServer;
}

/** Registers beforeEach/afterEach; the returned object's fields are fresh in each test. */
export function useWebFixture(): WebFixture {
  const f = {} as WebFixture;
  beforeEach(async () => {
    f.base = mkdtempSync(join(tmpdir(), 'web-unit-'));
    f.dir = join(f.base, 'build');
    mkdirSync(join(f.dir, 'assets'), { recursive: true });
    writeFileSync(join(f.base, 'web-unit-secret.txt'), 'secret');
    writeFileSync(join(f.dir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(f.dir, 'assets', 'app-1234.js'), 'console.log(1)');
    f.engine = createTestEngine();
    f.web = await startWebServer({ engine: f.engine, staticDir: f.dir, keepAliveMs: 20 });
  });
  afterEach(async () => {
    await f.web.close();
    rmSync(f.base, { recursive: true, force: true });
  });
  return f;
}
