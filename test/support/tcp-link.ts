// A TCP relay on 127.0.0.1 that a test can cut and restore: the two-shop hub test puts it
// between a shop's leaf node and the hub, so the shop's internet "goes down" while both
// servers keep running.
import { connect, createServer, type Socket } from 'node:net';

export interface TcpLink {
  port: number;
  /** Drops every connection and refuses new ones until restored. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpLink(targetPort: number, port = 0): Promise<TcpLink> {
  const sockets = new Set<Socket>();
  let up = true;
  const server = createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : 0;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port: bound,
    cut() {
      up = false;
      dropAll();
    },
    restore() {
      up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}
