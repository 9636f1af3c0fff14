// Which checkout links only open on this computer, so a QR code would fail on a phone.
// On the sandbox profile, a link on its open pay listener (phone mode) never is: that
// address was chosen as one other devices reach. Otherwise:
// - a loopback host (localhost, 127.0.0.0/8, ::1), whatever the profile;
// - on the sandbox profile, once its phone mode state is known, any link not on the pay
//   listener open now (phone mode off, or the link was made on an address whose listener
//   has since closed or moved).
// Anything else (a live service's own address) is taken as reachable: the console cannot know.

export interface ReachContext {
  /** The active profile is the embedded sandbox. */
  sandbox: boolean;
  /** The sandbox's open pay listener's base, null when none, undefined while unknown. */
  payBase: string | null | undefined;
}

function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\./.test(h);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function onlyOnThisComputer(url: string, ctx: ReachContext): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false; // not a link at all: other checks (openable-url.ts) say so
  }
  const payOrigin = ctx.payBase ? originOf(ctx.payBase) : null;
  if (ctx.sandbox && payOrigin === parsed.origin) return false;
  if (isLoopbackHostname(parsed.hostname)) return true;
  if (!ctx.sandbox || ctx.payBase === undefined) return false;
  return true; // phone mode off, or this link's listener has closed or moved
}
