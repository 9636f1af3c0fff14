// The baseline: a bare node:http server answering a fixed JSON body. It reads the request
// body like the sandbox must, and answers POST with `post` and anything else with `get`
// (the bodies are byte-for-byte a real create and list answer of the sandbox).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const { post, get } = JSON.parse(process.env.BARE_BODIES ?? '{}') as { post: string; get: string };
const postBody = Buffer.from(post);
const getBody = Buffer.from(get);

const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    const body = req.method === 'POST' ? postBody : getBody;
    res.writeHead(req.method === 'POST' ? 201 : 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
    });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
