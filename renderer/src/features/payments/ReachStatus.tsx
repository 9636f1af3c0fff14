// Can the service reach this console? The latest reachability check (receiver.check) in the
// status strip: green with the round trip, amber with the reason, and Check now.
import type { ReachCheck } from '#shared/domain.ts';
import { useCheckReach } from '../../api/mutations.ts';
import { canCall, useRole } from '../../app/role.ts';
import { errorMessage } from '../../bridge/index.ts';
import { exactTime } from '../../lib/time.ts';
import { Button } from '../../ui/Button.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';

/** True when the check failed for a reason the strip should show in amber. */
export function reachFailed(reach: ReachCheck | undefined): boolean {
  // No public URL has its own notice (set up a tunnel); it is not an outage.
  return reach !== undefined && !reach.reachable && reach.error?.code !== 'no_public_url';
}

/** The sentence for a failed check, e.g. "…: connection refused at https://…/webhooks/••••". */
export function unreachableText(reach: ReachCheck): string {
  return `The service can’t reach this console: ${reach.error?.message ?? 'unknown error'}.`;
}

export function CheckNowButton({ label = 'Check now' }: { label?: string }) {
  const check = useCheckReach({
    onSuccess: (r) =>
      announce(r.reachable ? `Reachable (${r.round_trip_ms ?? 0} ms)` : unreachableText(r)),
    onError: (e) => announce(`The check could not run: ${errorMessage(e)}`),
  });
  // A Watch or Till screen shows the result; running a check is the owner's.
  if (!canCall(useRole(), 'receiver.check')) return null;
  return (
    <Button size="sm" busy={check.isPending} onClick={() => check.mutate()}>
      {label}
    </Button>
  );
}

/** The strip's "Reachable" item. */
export function ReachItem({ reach }: { reach: ReachCheck | undefined }) {
  const tone = reach?.reachable ? 'ok' : reach ? 'warn' : null;
  const title = reach ? `Checked ${exactTime(reach.checked_at)}` : undefined;
  return (
    <div>
      <dt>Reachable</dt>
      <dd className="reach">
        <span className="reach-state" title={title} data-testid="reach-state">
          {tone ? <span className={`dot dot-${tone}`} aria-hidden="true" /> : null}
          {reach === undefined
            ? 'Not checked yet'
            : reach.reachable
              ? `Reachable (${reach.round_trip_ms ?? 0} ms)`
              : reach.error?.code === 'no_public_url'
                ? 'No public URL'
                : 'Not reachable'}
        </span>
        <CheckNowButton />
      </dd>
    </div>
  );
}

/** The amber notice with the reason, under the strip. */
export function ReachNotice({ reach }: { reach: ReachCheck | undefined }) {
  if (!reach || !reachFailed(reach)) return null;
  return (
    <Notice tone="warn" live>
      <span data-testid="reach-reason">{unreachableText(reach)}</span> Payments will not arrive live
      until this is fixed.
    </Notice>
  );
}
