// The payment link being written. Persisted on every keystroke so it survives a failed
// request, a crash and a restart; cleared only when the service has created the checkout.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_CURRENCY } from '#shared/checkout-rules.ts';

export interface DraftLine {
  key: string;
  name: string;
  /** Unit price as typed, in major units ("19.99"). */
  price: string;
  quantity: string;
}

export interface Draft {
  lines: DraftLine[];
  currency: string;
  successUrl: string;
  active: boolean;
}

let seq = 0;
export function newLine(name = '', price = ''): DraftLine {
  seq += 1;
  return { key: `${Date.now().toString(36)}-${seq}`, name, price, quantity: '1' };
}

export function emptyDraft(currency = DEFAULT_CURRENCY): Draft {
  return { lines: [newLine()], currency, successUrl: '', active: true };
}

interface DraftState {
  draft: Draft;
  setLine(key: string, patch: Partial<Omit<DraftLine, 'key'>>): void;
  addLine(line?: DraftLine): void;
  /** Removes a line (the last one too: "Add line" starts again); undone by insertLine. */
  removeLine(key: string): void;
  /** Puts a line back at `index` (clamped), e.g. to undo a removal. */
  insertLine(line: DraftLine, index: number): void;
  moveLine(key: string, by: -1 | 1): void;
  setField<K extends 'currency' | 'successUrl' | 'active'>(k: K, v: Draft[K]): void;
  reset(): void;
}

export const useDraft = create<DraftState>()(
  persist(
    (set) => ({
      draft: emptyDraft(),
      setLine: (key, patch) =>
        set((s) => ({
          draft: {
            ...s.draft,
            lines: s.draft.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)),
          },
        })),
      addLine: (line) =>
        set((s) => {
          const lines = s.draft.lines;
          // One click on a saved item fills the untouched first line instead of adding a blank.
          const only = lines.length === 1 ? lines[0] : undefined;
          if (line && only && !only.name && !only.price) {
            return { draft: { ...s.draft, lines: [line] } };
          }
          return { draft: { ...s.draft, lines: [...lines, line ?? newLine()] } };
        }),
      removeLine: (key) =>
        set((s) => ({ draft: { ...s.draft, lines: s.draft.lines.filter((l) => l.key !== key) } })),
      insertLine: (line, index) =>
        set((s) => {
          const lines = s.draft.lines.filter((l) => l.key !== line.key);
          lines.splice(Math.max(0, Math.min(index, lines.length)), 0, line);
          return { draft: { ...s.draft, lines } };
        }),
      moveLine: (key, by) =>
        set((s) => {
          const lines = [...s.draft.lines];
          const i = lines.findIndex((l) => l.key === key);
          const j = i + by;
          if (i < 0 || j < 0 || j >= lines.length) return s;
          [lines[i], lines[j]] = [lines[j] as DraftLine, lines[i] as DraftLine];
          return { draft: { ...s.draft, lines } };
        }),
      setField: (k, v) => set((s) => ({ draft: { ...s.draft, [k]: v } })),
      reset: () => set((s) => ({ draft: emptyDraft(s.draft.currency) })),
    }),
    { name: 'merchant.draft' },
  ),
);
