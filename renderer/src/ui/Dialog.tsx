// Native <dialog> opened modally: focus is trapped, Escape closes, focus returns afterwards.
// A child marked data-autofocus takes the focus on opening (else the first control does).
import { useEffect, useRef, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from './Button.tsx';
import { Icon } from './icons.tsx';

const m = defineMessages({
  close: { id: 'ui.dialog.close', defaultMessage: 'Close' },
});

export function Dialog(props: {
  title: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
  className?: string;
}) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) {
      d.showModal();
      d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className={`dialog${props.className ? ` ${props.className}` : ''}`}
      aria-label={props.title}
      // React passes a nested dialog's close event up its component tree as well: only this
      // dialog's own closing closes it (a dialog opened from inside another one, then Esc).
      onClose={(e) => {
        if (e.target === e.currentTarget) props.onClose();
      }}
    >
      <div className="dialog-head">
        <h2>{props.title}</h2>
        <Button
          variant="ghost"
          size="sm"
          aria-label={intl.formatMessage(m.close)}
          onClick={props.onClose}
        >
          <Icon name="x" />
        </Button>
      </div>
      {props.open ? props.children : null}
    </dialog>
  );
}
