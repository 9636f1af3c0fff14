// A radio group drawn as a segmented control; arrow keys move between options (Right goes
// to the next one on screen, which in a right-to-left language is the previous option).
import type { KeyboardEvent } from 'react';

export function Segmented<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(v: T): void;
}) {
  const index = props.options.findIndex((o) => o.value === props.value);
  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const step =
      e.key === forward || e.key === 'ArrowDown'
        ? 1
        : e.key === back || e.key === 'ArrowUp'
          ? -1
          : 0;
    if (!step) return;
    e.preventDefault();
    const n = props.options.length;
    const next = props.options[(index + step + n) % n];
    if (next) {
      props.onChange(next.value);
      const buttons = e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]');
      buttons[(index + step + n) % n]?.focus();
    }
  }
  return (
    <div role="radiogroup" aria-label={props.label} className="segmented" onKeyDown={onKey}>
      {props.options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === props.value}
          tabIndex={o.value === props.value ? 0 : -1}
          className="segment"
          onClick={() => props.onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
