// HTML building blocks of the hosted page: escaping, the document shell, and the headers
// (a strict CSP that allows no script at all; the stylesheet is allowed by its hash).
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { PayWords } from './i18n/index.ts';
import { PAGE_CSS } from './styles.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const STYLE_HASH = createHash('sha256').update(PAGE_CSS).digest('base64');

/** form-action must also allow the origin a paid form redirects to (success_url). */
export function contentSecurityPolicy(redirectOrigin?: string): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    'img-src data:',
    "base-uri 'none'",
    `form-action 'self'${redirectOrigin ? ` ${redirectOrigin}` : ''}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

export function documentHtml(w: PayWords, title: string, body: string): string {
  return `<!doctype html>
<html lang="${w.lang}" dir="${w.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${PAGE_CSS}</style>
</head>
<body>
<header><p class="banner" role="note">${escapeHtml(w.banner)}</p></header>
<main class="shell">
<p class="brand"><span class="brand-mark" aria-hidden="true">P</span>${escapeHtml(w.brand)}</p>
${body}
</main>
</body>
</html>
`;
}

export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  options: { redirectOrigin?: string | undefined; headers?: Record<string, string> } = {},
): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(html)),
    'content-security-policy': contentSecurityPolicy(options.redirectOrigin),
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // The words follow the browser's Accept-Language (i18n/).
    vary: 'Accept-Language',
    ...options.headers,
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, {
    location,
    'content-length': '0',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
  res.end();
}
