// A tunnel tool's own line, as it may reach a person (tunnel.status: the window, its events,
// the browser transport). Masked like the engine log (the receiver's tokens, key-shaped
// text) and more, since a tunnel tool sees requests and holds an account credential:
//   - a URL keeps its scheme and host; its path, query and fragment become "/••••";
//   - a request path (after `path=`, `uri=`, or an HTTP method) becomes "/••••";
//   - anything shaped like an ngrok authtoken or API key (`<20+ letters/digits>_<16+>`),
//     a value given to `authtoken=`/`authtoken:`/`--authtoken`, and JWT-shaped tunnel tokens
//     become "••••".
// A file path in an error ("open /home/…/ngrok.yml: permission denied") is kept: it names
// no request and tells the merchant what to fix.
import { maskToken } from '../../receiver/registration.ts';
import { redact } from '../../vault/key-shape.ts';

const MASK = '••••';
const URL_IN_TEXT = /\b((?:https?|wss?):\/\/[^\s/?#"'<>]+)([/?#][^\s"'<>]*)?/gi;
const REQUEST_PATH =
  /((?:\b(?:path|uri|url|request|req)=["']?)|(?:\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+))\/[^\s"']*/g;
const NGROK_CREDENTIAL = /\b[0-9A-Za-z]{20,}_[0-9A-Za-z]{16,}\b/g;
const AUTHTOKEN_VALUE =
  /((?:\b(?:NGROK_)?(?:authtoken|api[_-]?key)["']?\s*[=:]\s*["']?)|(?:--(?:authtoken|api-key)[=\s]+))[^\s"',;]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{10,}(?:\.[A-Za-z0-9_-]+){0,2}/g;

export function maskToolLine(line: string, tokens: readonly string[]): string {
  let out = tokens.reduce((text, token) => maskToken(text, token), line);
  out = redact(out)
    .replace(URL_IN_TEXT, (_m, origin: string, rest: string | undefined) =>
      rest === undefined || rest === '/' ? `${origin}${rest ?? ''}` : `${origin}/${MASK}`,
    )
    .replace(REQUEST_PATH, (_m, lead: string) => `${lead}/${MASK}`)
    .replace(NGROK_CREDENTIAL, MASK)
    .replace(AUTHTOKEN_VALUE, (_m, lead: string) => `${lead}${MASK}`)
    .replace(JWT, MASK);
  return out;
}
