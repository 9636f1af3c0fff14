// "Are you sure?" in the console's own dialog (not the browser's confirm(), which looks like
// a different program and blocks the page). Cancel has the focus, so Enter never destroys.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onCancel} className="confirm">
      <div className="stack">
        <div>{props.children}</div>
        <div className="row end">
          <Button onClick={props.onCancel} data-autofocus>
            <FormattedMessage id="ui.confirm.cancel" defaultMessage="Cancel" />
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              props.onConfirm();
              props.onCancel();
            }}
          >
            {props.confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
