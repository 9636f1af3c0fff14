// The search box over all checkouts, reachable from anywhere on the screen with `/` or
// Ctrl+F (⌘F); an engine error about the search is shown right beside it.
import { useEffect, useId, type RefObject } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';

const m = defineMessages<{ label: NoMessageValues; placeholder: NoMessageValues }>({
  label: { id: 'checkouts.search.label', defaultMessage: 'Search checkouts' },
  placeholder: {
    id: 'checkouts.search.placeholder',
    defaultMessage: 'Search name, item or ID ( / )',
    description: '/ is the key that puts the focus here; keep ( / )',
  },
});

export function SearchBox({
  ref,
  value,
  onChange,
  error,
}: {
  ref: RefObject<HTMLInputElement | null>;
  value: string;
  onChange(v: string): void;
  error: string | null;
}) {
  const intl = useIntl();
  const errorId = useId();
  return (
    <div className="search-box">
      <input
        ref={ref}
        type="search"
        className="search"
        aria-label={intl.formatMessage(m.label)}
        aria-keyshortcuts="/ Control+F"
        placeholder={intl.formatMessage(m.placeholder)}
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <span id={errorId} className="field-error search-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** `/` (when not typing in a field) and Ctrl+F / ⌘F put the focus in the search box. */
export function useSearchShortcut(box: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const find = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey;
      if (!find && !(slash && !typingIn(e.target))) return;
      // A dialog (QR) open over the list keeps its own keys.
      if (document.querySelector('dialog[open]')) return;
      e.preventDefault();
      box.current?.focus();
      box.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [box]);
}
