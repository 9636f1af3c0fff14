// "Only on this computer" beside a link's QR code and Copy button, when a phone or another
// computer could not open it (the rule is lib/link-reach.ts). `compact` (the QR dialog,
// which must fit 900×600 without scrolling) shows the badge alone, the reason in its
// tooltip and its accessible name.
import { useActiveProfile, usePhoneAccess } from '../../api/queries.ts';
import { onlyOnThisComputer } from '../../lib/link-reach.ts';
import { canCall, useRole } from '../../app/role.ts';

export function ReachNote(props: { url: string; compact?: boolean }) {
  const active = useActiveProfile();
  const sandbox = active?.kind === 'sandbox';
  // Phone mode is the owner's to read and change; a Till screen goes by the link itself.
  const role = useRole();
  const phone = usePhoneAccess(sandbox && canCall(role, 'sandbox.phoneAccess'));
  const payBase = sandbox && phone.data ? phone.data.pay_base : undefined;
  if (!onlyOnThisComputer(props.url, { sandbox, payBase })) return null;
  const why = explain(sandbox, payBase);
  if (props.compact) {
    return (
      <span
        className="badge badge-muted"
        role="note"
        title={why}
        aria-label={`Only on this computer: ${why}`}
      >
        Only on this computer
      </span>
    );
  }
  return (
    <p className="reach-note small">
      <span className="badge badge-muted">Only on this computer</span>{' '}
      <span className="muted">{why}</span>
    </p>
  );
}

function explain(sandbox: boolean, payBase: string | null | undefined): string {
  if (!sandbox) return 'Its address is this computer’s own, so a phone cannot open it.';
  if (payBase)
    return 'A phone cannot open this address; Checkouts lists the link with the phone address.';
  return 'A phone cannot open it. Settings → “Let phones on this Wi-Fi open sandbox links” lets phones open new links.';
}
