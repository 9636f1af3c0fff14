// Native <dialog> opened modally: focus is trapped, Escape closes, focus returns afterwards.
// A child marked data-autofocus takes the focus on opening (else the first control does).
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Icon } from './icons.tsx';

export function Dialog(props: {
  title: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
  className?: string;
}) {
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
      // Only this dialog's own close: React passes a nested dialog's close event up its tree.
      onClose={(e) => {
        if (e.target === e.currentTarget) props.onClose();
      }}
    >
      <div className="dialog-head">
        <h2>{props.title}</h2>
        <Button variant="ghost" size="sm" aria-label="Close" onClick={props.onClose}>
          <Icon name="x" />
        </Button>
      </div>
      {props.open ? props.children : null}
    </dialog>
  );
}
