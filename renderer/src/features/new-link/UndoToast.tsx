// "Removed line 2 “Flat white”. Undo" for 8 s after a line is removed. It sits beside
// "Add line" rather than floating over the screen, so it never covers a control, and it goes
// when the screen does. The timer waits while the pointer or focus is on it (WCAG 2.2.1).
import { useEffect, useState, type ReactNode } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { Button } from '../../ui/Button.tsx';

const m = defineMessages<{ undo: NoMessageValues }>({
  undo: { id: 'newLink.undo', defaultMessage: 'Undo' },
});

export const UNDO_MS = 8000;

export interface Removal {
  /** Changes with every removal, so a second removal restarts the timer. */
  id: number;
  message: ReactNode;
}

export function UndoToast(props: { removal: Removal | null; onUndo(): void; onExpire(): void }) {
  const intl = useIntl();
  const { removal, onExpire } = props;
  // Which removal the pointer or focus is on: a new removal starts unpaused, even if the
  // element that had focus was removed without a blur event.
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const id = removal?.id ?? null;
  const paused = id !== null && (hovered === id || focused === id);

  useEffect(() => {
    if (!removal || paused) return;
    const timer = setTimeout(onExpire, UNDO_MS);
    return () => clearTimeout(timer);
  }, [removal, paused, onExpire]);

  // The live region is always there, so a new message in it is announced.
  return (
    <div
      className="undo-region"
      role="status"
      aria-live="polite"
      onMouseEnter={() => setHovered(id)}
      onMouseLeave={() => setHovered(null)}
      onFocus={() => setFocused(id)}
      onBlur={() => setFocused(null)}
    >
      {removal ? (
        <div className="toast undo-toast">
          <span className="undo-message">{removal.message}</span>
          <Button size="sm" variant="ghost" onClick={props.onUndo}>
            {intl.formatMessage(m.undo)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
