// The web transport as the browser benches drive it: `npm run serve` started on a fresh data
// folder, a typed RPC call over its wire format (POST /rpc/<channel>, Bearer token), and a
// counter of pushed events read from its server-sent event stream (GET /events).
import { startServe } from '../e2e/fixtures/processes.ts';

export async function startConsole(dataDir: string) {
  const serve = await startServe(dataDir);
  const origin = new URL(serve.info.url).origin;
  const auth = { authorization: `Bearer ${serve.info.token}` };
  const rpc = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const res = await fetch(`${origin}/rpc/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify(input),
    });
    const body = (await res.json()) as { data: T; error?: { message: string } };
    if (!res.ok) throw new Error(`${channel}: ${body.error?.message}`);
    return body.data;
  };

  /**
   * Counts pushes of one event from now on, so a bench can wait for the engine to announce
   * N payments instead of polling for them. Subscribe before causing the events.
   */
  const countEvents = async (name: string) => {
    const abort = new AbortController();
    const res = await fetch(`${origin}/events`, { headers: auth, signal: abort.signal });
    if (!res.ok || !res.body) throw new Error(`/events answered ${res.status}`);
    let count = 0;
    let wake = () => {};
    const line = `event: ${name}`;
    const reading = (async () => {
      const decoder = new TextDecoder();
      let rest = '';
      try {
        for await (const chunk of res.body!) {
          const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
          rest = lines.pop() ?? '';
          for (const l of lines) if (l === line) count++;
          wake();
        }
      } catch {
        // Aborted by close(): the count is final.
      }
    })();
    return {
      count: () => count,
      /** Resolves once `n` events have arrived; rejects after `timeoutMs`. */
      waitFor: (n: number, timeoutMs: number) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`only ${count} of ${n} "${name}" events in ${timeoutMs} ms`)),
            timeoutMs,
          );
          wake = () => {
            if (count < n) return;
            clearTimeout(timer);
            resolve();
          };
          wake();
        }),
      close: async () => {
        abort.abort();
        await reading;
      },
    };
  };

  return { serve, origin, rpc, countEvents };
}
