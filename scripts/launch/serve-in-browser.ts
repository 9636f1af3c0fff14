// The console through electron/web (the same engine, served to a browser), for machines
// where the desktop window cannot open. Starts `electron/web/cli.ts` with the Node that
// runs this script; `ready` gives the URL from its one JSON line.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface Serving {
  /** Returned at once, so the caller can pass signals on before the console is ready. */
  child: ChildProcess;
  ready: Promise<string>;
}

export function serveInBrowser(root: string, args: string[] = []): Serving {
  const child = spawn(process.execPath, [join(root, 'electron/web/cli.ts'), ...args], {
    cwd: root,
    // Its own process group: a terminal's Ctrl-C reaches it once, through the launcher.
    detached: true,
    // Its errors and logs are the user's to read; stdout carries the ready line.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      reject(
        new Error(`the browser console stopped before it was ready (${signal ?? `exit ${code}`})`),
      );
    child.once('exit', onExit);
    child.once('error', reject);
    lines.once('line', (line) => {
      child.off('exit', onExit);
      try {
        const { url } = JSON.parse(line) as { url?: unknown };
        if (typeof url !== 'string') throw new Error('no url');
        // Later output (none expected) still reaches the terminal.
        lines.on('line', (more) => console.log(more));
        resolve(url);
      } catch {
        child.kill('SIGTERM');
        reject(new Error(`the browser console printed an unexpected line: ${line.slice(0, 200)}`));
      }
    });
  });
  return { child, ready };
}
