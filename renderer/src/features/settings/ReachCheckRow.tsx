// Settings → Receiving payments: can the service reach this console through the address the
// webhook is registered with? The latest check and Check now.
import type { ReachCheck } from '#shared/domain.ts';
import { exactTime } from '../../lib/time.ts';
import { CheckNowButton, unreachableText } from '../payments/ReachStatus.tsx';
import { UrlText } from './UrlText.tsx';

export function ReachCheckRow({ reach }: { reach: ReachCheck | undefined }) {
  return (
    <div className="key-row">
      <div>
        <span className="field-label">Reachability</span>
        <p className="small" data-testid="settings-reach">
          {reach === undefined ? (
            <span className="muted">
              Not checked yet. A check sends a signed test request through the public address to
              this receiver; nothing is stored.
            </span>
          ) : reach.reachable ? (
            <>
              <span className="dot dot-ok" aria-hidden="true" />
              Reachable ({reach.round_trip_ms ?? 0} ms) through{' '}
              {reach.public_url ? <UrlText url={reach.public_url} /> : null}
              <span className="muted"> · {exactTime(reach.checked_at)}</span>
            </>
          ) : (
            <>
              <span className="dot dot-warn" aria-hidden="true" />
              {unreachableText(reach)}
              <span className="muted"> · {exactTime(reach.checked_at)}</span>
            </>
          )}
        </p>
      </div>
      <CheckNowButton />
    </div>
  );
}
