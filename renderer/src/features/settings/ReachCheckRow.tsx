// Settings → Receiving payments: can the service reach this console through the address the
// webhook is registered with? The latest check and Check now.
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReachCheck } from '#shared/domain.ts';
import { reachableText, unreachableText } from '../../lib/reach-words.ts';
import { exactTime } from '../../lib/time.ts';
import { CheckNowButton } from '../payments/ReachStatus.tsx';
import { UrlText } from './UrlText.tsx';

/** Between the outcome and when it was checked: a mark, not a word. */
const SEP = ' · ';

export function ReachCheckRow({ reach }: { reach: ReachCheck | undefined }) {
  const intl = useIntl();
  return (
    <div className="key-row">
      <div>
        <span className="field-label">
          {intl.formatMessage({ id: 'settings.reach.label', defaultMessage: 'Reachability' })}
        </span>
        <p className="small" data-testid="settings-reach">
          {reach === undefined ? (
            <span className="muted">
              {intl.formatMessage({
                id: 'settings.reach.notChecked',
                defaultMessage:
                  'Not checked yet. A check sends a signed test request through the public address to this receiver; nothing is stored.',
              })}
            </span>
          ) : reach.reachable ? (
            <>
              <span className="dot dot-ok" aria-hidden="true" />
              {reach.public_url ? (
                <FormattedMessage
                  id="settings.reach.through"
                  defaultMessage="{reachable} through {url}"
                  description="reachable is “Reachable (42 ms)”; url the address checked"
                  values={{
                    reachable: reachableText(intl, reach),
                    url: <UrlText url={reach.public_url} />,
                  }}
                />
              ) : (
                reachableText(intl, reach)
              )}
              <span className="muted">
                {SEP}
                {exactTime(reach.checked_at)}
              </span>
            </>
          ) : (
            <>
              <span className="dot dot-warn" aria-hidden="true" />
              {unreachableText(intl, reach)}
              <span className="muted">
                {SEP}
                {exactTime(reach.checked_at)}
              </span>
            </>
          )}
        </p>
      </div>
      <CheckNowButton />
    </div>
  );
}
