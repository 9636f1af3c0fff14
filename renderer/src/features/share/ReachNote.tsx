// "Only on this computer" beside a link's QR code and Copy button, when a phone or another
// computer could not open it (the rule is lib/link-reach.ts). `compact` (the QR dialog,
// which must fit 900×600 without scrolling) shows the badge alone, the reason in its
// tooltip and its accessible name.
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { useActiveProfile, usePhoneAccess } from '../../api/queries.ts';
import { onlyOnThisComputer } from '../../lib/link-reach.ts';
import { canCall, useRole } from '../../app/role.ts';
import { SPACE } from '../../ui/space.ts';

type None = NoMessageValues;
const m = defineMessages<{
  badge: None;
  named: { why: string };
  live: None;
  phoneAddress: None;
  noPhones: None;
}>({
  badge: { id: 'share.reach.badge', defaultMessage: 'Only on this computer' },
  named: {
    id: 'share.reach.named',
    defaultMessage: 'Only on this computer: {why}',
    description: 'Accessible name of the badge; why is one of the share.reach.* reasons',
  },
  live: {
    id: 'share.reach.live',
    defaultMessage: 'Its address is this computer’s own, so a phone cannot open it.',
  },
  phoneAddress: {
    id: 'share.reach.phoneAddress',
    defaultMessage:
      'A phone cannot open this address; Checkouts lists the link with the phone address.',
  },
  noPhones: {
    id: 'share.reach.noPhones',
    defaultMessage:
      'A phone cannot open it. Settings → “Let phones on this Wi-Fi open sandbox links” lets phones open new links.',
    description: 'Names the phone switch in Settings; use the same words as that switch',
  },
});

export function ReachNote(props: { url: string; compact?: boolean }) {
  const intl = useIntl();
  const active = useActiveProfile();
  const sandbox = active?.kind === 'sandbox';
  // Phone mode is the owner's to read and change; a Till screen goes by the link itself.
  const role = useRole();
  const phone = usePhoneAccess(sandbox && canCall(role, 'sandbox.phoneAccess'));
  const payBase = sandbox && phone.data ? phone.data.pay_base : undefined;
  if (!onlyOnThisComputer(props.url, { sandbox, payBase })) return null;
  const why = intl.formatMessage(!sandbox ? m.live : payBase ? m.phoneAddress : m.noPhones);
  const badge = intl.formatMessage(m.badge);
  if (props.compact) {
    return (
      <span
        className="badge badge-muted"
        role="note"
        title={why}
        aria-label={intl.formatMessage(m.named, { why })}
      >
        {badge}
      </span>
    );
  }
  return (
    <p className="reach-note small">
      <span className="badge badge-muted">{badge}</span>
      {SPACE}
      <span className="muted">{why}</span>
    </p>
  );
}
