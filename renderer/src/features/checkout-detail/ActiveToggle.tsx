// Deactivate / Activate, each behind a confirm, where the service offers the switch; the
// one-line reason where it does not. A paid link stays off (the service answers 409).
import { useState } from 'react';
import type { CheckoutDetail } from '#shared/domain.ts';
import { useSetCheckoutActive } from '../../api/mutations.ts';
import { errorMessage } from '../../bridge/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { announce } from '../../ui/announcer.tsx';
import { checkoutState } from './status.ts';

export function ActiveToggle({ detail }: { detail: CheckoutDetail }) {
  const c = detail.checkout;
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useSetCheckoutActive(c.id, {
    onError: (e) => setError(errorMessage(e)),
    onSuccess: (after) => announce(after.active ? 'Link activated' : 'Link deactivated'),
  });
  if (!detail.active_toggle.supported) {
    return <p className="muted detail-toggle-reason">{detail.active_toggle.reason}</p>;
  }
  const state = checkoutState(c);
  if (state === 'paid') {
    return <p className="muted">Paid: this link cannot be paid again, so it stays off.</p>;
  }
  const turnOn = state === 'inactive';
  const label = turnOn ? 'Activate' : 'Deactivate';
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
          {mutation.isPending ? `${label.slice(0, -1)}ing…` : label}
        </Button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={turnOn ? 'Activate this link?' : 'Deactivate this link?'}
        confirmLabel={label}
        onCancel={() => setAsking(false)}
        onConfirm={() => mutation.mutate(turnOn)}
      >
        {turnOn
          ? 'Customers with the link can pay it again.'
          : 'Customers who open the link will see that it is not active, and cannot pay it. You can activate it again later.'}
      </ConfirmDialog>
    </div>
  );
}
