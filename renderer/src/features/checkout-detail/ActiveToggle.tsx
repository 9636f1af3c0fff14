// Deactivate / Activate, each behind a confirm, where the service offers the switch; the
// one-line reason where it does not. A paid link stays off (the service answers 409).
import { useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { CheckoutDetail } from '#shared/domain.ts';
import { useSetCheckoutActive } from '../../api/mutations.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { announce } from '../../ui/announcer.tsx';
import { toggleReasonText } from './engine-reasons.ts';
import { checkoutState } from './status.ts';

type None = NoMessageValues;
const m = defineMessages<{
  activated: None;
  deactivated: None;
  paid: None;
  activate: None;
  deactivate: None;
  activating: None;
  deactivating: None;
  askOn: None;
  askOff: None;
  explainOn: None;
  explainOff: None;
}>({
  activated: { id: 'detail.toggle.activated', defaultMessage: 'Link activated' },
  deactivated: { id: 'detail.toggle.deactivated', defaultMessage: 'Link deactivated' },
  paid: {
    id: 'detail.toggle.paid',
    defaultMessage: 'Paid: this link cannot be paid again, so it stays off.',
  },
  activate: { id: 'detail.toggle.activate', defaultMessage: 'Activate' },
  deactivate: { id: 'detail.toggle.deactivate', defaultMessage: 'Deactivate' },
  activating: { id: 'detail.toggle.activating', defaultMessage: 'Activating…' },
  deactivating: { id: 'detail.toggle.deactivating', defaultMessage: 'Deactivating…' },
  askOn: { id: 'detail.toggle.askOn', defaultMessage: 'Activate this link?' },
  askOff: { id: 'detail.toggle.askOff', defaultMessage: 'Deactivate this link?' },
  explainOn: {
    id: 'detail.toggle.explainOn',
    defaultMessage: 'Customers with the link can pay it again.',
  },
  explainOff: {
    id: 'detail.toggle.explainOff',
    defaultMessage:
      'Customers who open the link will see that it is not active, and cannot pay it. You can activate it again later.',
  },
});

export function ActiveToggle({ detail }: { detail: CheckoutDetail }) {
  const intl = useIntl();
  const c = detail.checkout;
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useSetCheckoutActive(c.id, {
    onError: (e) => setError(errorText(intl, e)),
    onSuccess: (after) => announce(intl.formatMessage(after.active ? m.activated : m.deactivated)),
  });
  if (!detail.active_toggle.supported) {
    return (
      <p className="muted detail-toggle-reason">
        {toggleReasonText(intl, detail.active_toggle.reason ?? '')}
      </p>
    );
  }
  const state = checkoutState(c);
  if (state === 'paid') {
    return <p className="muted">{intl.formatMessage(m.paid)}</p>;
  }
  const turnOn = state === 'inactive';
  const label = intl.formatMessage(turnOn ? m.activate : m.deactivate);
  const pending = intl.formatMessage(turnOn ? m.activating : m.deactivating);
  return (
    <div className="stack">
      <div className="row">
        <Button
          variant={turnOn ? 'primary' : 'danger'}
          disabled={mutation.isPending}
          onClick={() => {
            setError(null);
            setAsking(true);
          }}
        >
          {mutation.isPending ? pending : label}
        </Button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={intl.formatMessage(turnOn ? m.askOn : m.askOff)}
        confirmLabel={label}
        onCancel={() => setAsking(false)}
        onConfirm={() => mutation.mutate(turnOn)}
      >
        {intl.formatMessage(turnOn ? m.explainOn : m.explainOff)}
      </ConfirmDialog>
    </div>
  );
}
