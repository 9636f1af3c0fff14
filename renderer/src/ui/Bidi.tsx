// Bidi isolation: an amount, a checkout id or a URL inside a sentence keeps its own
// direction, so in Arabic "€12.50" does not become "12.50€" reversed around its neighbours
// and "cs_9f2…" still reads left to right. In JSX, <bdi> does it; where only a string can go
// (aria-label, title, a toast, a message placeholder), the Unicode isolate marks do.
import type { ReactNode } from 'react';

const FSI = '\u2068'; // first strong isolate: direction from the text itself
const LRI = '\u2066'; // left-to-right isolate
const PDI = '\u2069'; // pop directional isolate

/** A value whose direction is its own (an amount, a name): `<bdi>`. */
export function Isolate({ children }: { children: ReactNode }) {
  return <bdi>{children}</bdi>;
}

/** Always left to right, in any language: ids, URLs, keys, file names. */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

/** `text` isolated for a plain string, its direction taken from itself. */
export function isolate(text: string): string {
  return `${FSI}${text}${PDI}`;
}

/** `text` isolated and left to right for a plain string (ids, URLs). */
export function isolateLtr(text: string): string {
  return `${LRI}${text}${PDI}`;
}

/**
 * Words the engine wrote in English (a request's refusal reason, a receiver error): shown as
 * they are in every language until the engine sends codes for them, and marked English so a
 * screen reader pronounces them as English and a translation check can tell them apart.
 */
export function EngineWords({ children }: { children: ReactNode }) {
  return (
    <span lang="en" dir="auto">
      {children}
    </span>
  );
}
