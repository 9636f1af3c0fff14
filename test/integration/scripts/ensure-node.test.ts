// scripts/ensure-node.sh, the one place that finds a Node recent enough for this project
// (`npm start`, `npm test` and .ci/run use it). An old system Node is played by a small
// script that fails the version check and hands everything else (npm itself) to this Node.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts/ensure-node.sh');
const work = mkdtempSync(join(tmpdir(), 'mc-ensure-node-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A bin folder whose `node` reports 18.19.0 to version checks. */
function oldNodeBin(): string {
  const bin = join(work, 'old-bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, 'node'),
    `#!/bin/sh
case "$*" in
  --version) echo v18.19.0 ;;
  *process.versions.node*) exit 1 ;;
  *) exec "${process.execPath}" "$@" ;;
esac
`,
  );
  chmodSync(join(bin, 'node'), 0o755);
  return bin;
}

function run(pathFirst: string, tools: string, extraEnv: Record<string, string> = {}) {
  const r = spawnSync('bash', [SCRIPT, 'node', '-p', 'process.versions.node'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      ...process.env,
      PATH: `${pathFirst}:${process.env.PATH}`,
      MERCHANT_NODE_TOOLS: tools,
      ...extraEnv,
    },
  });
  return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

describe('scripts/ensure-node.sh', () => {
  it('uses a system Node that is recent enough, silently', () => {
    const r = run(dirname(process.execPath), join(work, 'unused'));
    expect(r).toEqual({ status: 0, stdout: process.versions.node, stderr: '' });
  });

  it('with an older system Node, uses the Node in the tools folder and says so in one line', () => {
    const tools = join(work, 'tools');
    mkdirSync(join(tools, 'node_modules/.bin'), { recursive: true });
    symlinkSync(process.execPath, join(tools, 'node_modules/.bin/node'));
    const r = run(oldNodeBin(), tools);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(process.versions.node);
    expect(r.stderr).toBe(
      `Using Node ${process.versions.node} from .tools/node (Node 18.19.0 is older than the 22.18 this project needs).`,
    );
  });

  it('when Node 24 cannot be fetched, says why and what to do, with no stack trace', () => {
    const tools = join(work, 'empty-tools');
    const r = run(oldNodeBin(), tools, {
      npm_config_registry: 'http://127.0.0.1:9/',
      npm_config_fetch_retries: '0',
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n').filter((l) => !l.startsWith('npm warn'));
    expect(lines).toEqual([
      'Node 18.19.0 is older than the 22.18 this project needs: fetching Node 24 from the npm registry into .tools/node (once, about 30 MB).',
      expect.stringMatching(
        /^Could not fetch Node 24 from the npm registry \(ECONNREFUSED; details in .*fetch\.log\)\. Install Node\.js 22\.18 or newer yourself/,
      ),
    ]);
  });
});
