// What Check now sends for the active profile: a signed test request through its public URL
// to its own receiver, or, when there is nothing to send it through, the reason as a failed
// check (no public URL on a live profile, a tunnel still starting, no receiver running).
import type { ReachCheck } from '#shared/domain.ts';
import { getProfile } from '../profiles/index.ts';
import { maskWebhookUrl, webhookTarget } from '../receiver/index.ts';
import type { Store } from '../database.ts';
import type { ReachProbes } from './probes.ts';
import { failedCheck, probeReach } from './reach-check.ts';
import type { PublicAddress } from './tunnel/tunnel-host.ts';

export interface ReachProbeInput {
  store: Store;
  profileId: string;
  /** Where the service delivers to now (the webhook's target), or null. */
  target: string | null;
  /** The public address in front of the receiver (a tunnel's may still be pending). */
  publicAddress: PublicAddress;
  /** Why the receiver is not running (null: it runs, or no error is known). */
  receiverError: string | null;
  probes: ReachProbes;
  timeoutMs: number | undefined;
  signal: AbortSignal;
}

export function probeActiveProfile(p: ReachProbeInput): Promise<ReachCheck> {
  const profile = getProfile(p.store, p.profileId);
  const token = p.store.receiver.token(p.profileId);
  const target = p.target;
  const shown = maskWebhookUrl(target, token);
  const pub = p.publicAddress;
  if (profile.kind === 'live' && pub === null) {
    return Promise.resolve(
      failedCheck(
        'no_public_url',
        'no public URL is set, and the service cannot reach this computer’s local address. Choose a tunnel or set a public URL in Settings',
        null,
        Date.now(),
      ),
    );
  }
  if (typeof pub === 'object' && pub !== null) {
    // A tunnel still starting (or restarting): nothing public to send the check through.
    return Promise.resolve(
      failedCheck('no_public_url', pub.pending.replace(/\.$/, ''), null, Date.now()),
    );
  }
  if (target === null || shown === null) {
    return Promise.resolve(
      failedCheck(
        'refused',
        `the receiver is not running${p.receiverError ? ` (${p.receiverError})` : ''}`,
        null,
        Date.now(),
      ),
    );
  }
  return probeReach({
    url: target,
    shownUrl: shown,
    probes: p.probes,
    timeoutMs: p.timeoutMs,
    signal: p.signal,
  });
}

export interface TunnelUrlProbe {
  store: Store;
  profileId: string;
  /** The running receiver's local URL (its token path), or null. */
  receiverUrl: string | null;
  probes: ReachProbes;
  timeoutMs: number | undefined;
  signal: AbortSignal;
}

/**
 * Checks a URL a tunnel tool reported before it is used: the same signed probe as Check now,
 * sent through that URL, must come back to this receiver. Null when it did; otherwise the
 * check's words (the URL in them with the token masked; nothing of another server's answer).
 */
export async function probeTunnelUrl(p: TunnelUrlProbe, publicUrl: string): Promise<string | null> {
  if (p.receiverUrl === null) return 'the receiver is not running';
  const target = webhookTarget(p.receiverUrl, publicUrl);
  const token = p.store.receiver.token(p.profileId);
  const check = await probeReach({
    url: target,
    shownUrl: maskWebhookUrl(target, token) ?? publicUrl,
    probes: p.probes,
    timeoutMs: p.timeoutMs,
    signal: p.signal,
  });
  return check.reachable ? null : (check.error?.message ?? 'the check failed');
}
