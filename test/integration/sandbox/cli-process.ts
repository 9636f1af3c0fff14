// Starts sandbox/cli.ts as a child process and waits for its one JSON line.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../../sandbox/cli.ts', import.meta.url));

export interface Ready {
  base_url: string;
  checkout_page_base: string;
  merchant_id: string;
  api_key: string;
  /** With --pay-listen only. */
  pay_base?: string;
}

export interface CliRun {
  child: ChildProcess;
  ready: Promise<Ready>;
  /** Every stdout line, to check that exactly one was printed. */
  lines: string[];
  stderr: () => string;
  exit: Promise<number | null>;
}

export function runCli(args: string[]): CliRun {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let err = '';
  let out = '';
  child.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<Ready>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      let nl: number;
      while ((nl = out.indexOf('\n')) !== -1) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        lines.push(line);
        if (lines.length === 1) resolve(JSON.parse(line) as Ready);
      }
    });
    void exit.then((code) => reject(new Error(`cli exited ${code} before ready: ${err}`)));
  });
  return { child, ready, lines, stderr: () => err, exit };
}
