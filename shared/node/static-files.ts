// The built renderer as static files: strict CSP, nosniff, no path outside the build folder,
// and a plain page saying how to build it when the folder is empty.
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

/**
 * The renderer talks only to its own origin. `img-src data:` is the one addition to
 * default-src 'self': QR codes are drawn as data: images.
 */
export const WEB_CSP = [
  "default-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
};

export function contentType(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export const PAGE_HEADERS = {
  'Content-Security-Policy': WEB_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
} as const;

/**
 * Maps a URL path to a file inside `root`, or null when the path is malformed, names a
 * hidden file, or would leave the folder (.., encoded slashes, symlinks pointing out).
 * Paths without an extension fall back to index.html (the renderer is one page).
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return null;
  const base = resolve(root);
  const candidate = resolve(base, ...segments);
  if (candidate !== base && !candidate.startsWith(base + sep)) return null;
  const file = isFile(candidate)
    ? candidate
    : extname(candidate) === ''
      ? join(base, 'index.html')
      : null;
  if (file === null || !isFile(file)) return null;
  // A symlink inside the build must not lead outside it.
  const real = realpathSync(file);
  const realBase = realpathSync(base);
  return real.startsWith(realBase + sep) ? real : null;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function rendererBuilt(root: string): boolean {
  return existsSync(join(root, 'index.html'));
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8">
<title>Merchant Console: not built</title>
<h1>The console's screens are not built yet</h1>
<p>Run <code>npx electron-vite build</code> (or <code>npm run build</code>) in the project
folder, then reload this page. The RPC and event endpoints work already.</p></html>`;

function sendText(res: ServerResponse, status: number, type: string, text: string): void {
  res.writeHead(status, {
    ...PAGE_HEADERS,
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function serveStatic(
  root: string,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendText(res, 405, 'text/plain; charset=utf-8', 'Method not allowed.\n');
    return;
  }
  if (!rendererBuilt(root)) {
    sendText(res, 503, 'text/html; charset=utf-8', NOT_BUILT_PAGE);
    return;
  }
  const file = resolveStaticPath(root, pathname);
  if (file === null) {
    sendText(res, 404, 'text/plain; charset=utf-8', 'Not found.\n');
    return;
  }
  const size = statSync(file).size;
  res.writeHead(200, {
    ...PAGE_HEADERS,
    'Content-Type': contentType(file),
    'Content-Length': size,
    // Hashed asset names may be cached; the page itself is always revalidated.
    'Cache-Control': file.includes(`${sep}assets${sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
