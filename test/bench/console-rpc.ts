// The web transport as the browser benches drive it: `npm run serve` started on a fresh data
// folder, plus a typed RPC call over its wire format (POST /rpc/<channel>, Bearer token).
import { startServe } from '../e2e/fixtures/processes.ts';

export async function startConsole(dataDir: string) {
  const serve = await startServe(dataDir);
  const origin = new URL(serve.info.url).origin;
  const rpc = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const res = await fetch(`${origin}/rpc/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${serve.info.token}` },
      body: JSON.stringify(input),
    });
    const body = (await res.json()) as { data: T; error?: { message: string } };
    if (!res.ok) throw new Error(`${channel}: ${body.error?.message}`);
    return body.data;
  };
  return { serve, origin, rpc };
}
