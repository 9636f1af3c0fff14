// Can the service reach this console? The latest reachability check (receiver.check) in the
// status strip: green with the round trip, amber with the reason, and Check now.
import { defineMessages, useIntl, type NoMessageValues, type MessageValue } from 'react-intl';
import type { ReachCheck } from '#shared/domain.ts';
import { useCheckReach } from '../../api/mutations.ts';
import { canCall, useRole } from '../../app/role.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { notLiveText, reachFailed, reachableText, unreachableText } from '../../lib/reach-words.ts';
import { exactTime } from '../../lib/time.ts';
import { Button } from '../../ui/Button.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { SPACE } from '../../ui/space.ts';
import { announce } from '../../ui/announcer.tsx';

const m = defineMessages<{
  checkNow: NoMessageValues;
  checkFailed: { reason: MessageValue };
  checked: { when: MessageValue };
  label: NoMessageValues;
  notChecked: NoMessageValues;
  noPublicUrl: NoMessageValues;
  notReachable: NoMessageValues;
}>({
  checkNow: { id: 'reach.checkNow', defaultMessage: 'Check now' },
  checkFailed: { id: 'reach.checkFailed', defaultMessage: 'The check could not run: {reason}' },
  checked: { id: 'reach.checked', defaultMessage: 'Checked {when}' },
  label: {
    id: 'reach.label',
    defaultMessage: 'Reachable',
    description: 'Status strip cell: can the service reach the console',
  },
  notChecked: { id: 'reach.notChecked', defaultMessage: 'Not checked yet' },
  noPublicUrl: { id: 'reach.noPublicUrl', defaultMessage: 'No public URL' },
  notReachable: { id: 'reach.notReachable', defaultMessage: 'Not reachable' },
});

export function CheckNowButton() {
  const intl = useIntl();
  const check = useCheckReach({
    onSuccess: (r) => announce(r.reachable ? reachableText(intl, r) : unreachableText(intl, r)),
    onError: (e) => announce(intl.formatMessage(m.checkFailed, { reason: errorText(intl, e) })),
  });
  // A Watch or Till screen shows the result; running a check is the owner's.
  if (!canCall(useRole(), 'receiver.check')) return null;
  return (
    <Button size="sm" busy={check.isPending} onClick={() => check.mutate()}>
      {intl.formatMessage(m.checkNow)}
    </Button>
  );
}

/** The strip's "Reachable" item. */
export function ReachItem({ reach }: { reach: ReachCheck | undefined }) {
  const intl = useIntl();
  const tone = reach?.reachable ? 'ok' : reach ? 'warn' : null;
  const title = reach
    ? intl.formatMessage(m.checked, { when: exactTime(reach.checked_at) })
    : undefined;
  return (
    <div>
      <dt>{intl.formatMessage(m.label)}</dt>
      <dd className="reach">
        <span className="reach-state" title={title} data-testid="reach-state">
          {tone ? <span className={`dot dot-${tone}`} aria-hidden="true" /> : null}
          {reach === undefined
            ? intl.formatMessage(m.notChecked)
            : reach.reachable
              ? reachableText(intl, reach)
              : reach.error?.code === 'no_public_url'
                ? intl.formatMessage(m.noPublicUrl)
                : intl.formatMessage(m.notReachable)}
        </span>
        <CheckNowButton />
      </dd>
    </div>
  );
}

/** The amber notice with the reason, under the strip. */
export function ReachNotice({ reach }: { reach: ReachCheck | undefined }) {
  const intl = useIntl();
  if (!reach || !reachFailed(reach)) return null;
  return (
    <Notice tone="warn" live>
      <span data-testid="reach-reason">{unreachableText(intl, reach)}</span>
      {SPACE}
      {notLiveText(intl)}
    </Notice>
  );
}
