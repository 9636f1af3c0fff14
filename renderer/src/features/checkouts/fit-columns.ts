// The Checkouts table has a fixed layout (the product column takes what is left and its names
// ellipsise; the rows of a virtual list never make the columns jump). Its word columns
// (status, created, actions) are sized in styles/lists.css for English; a language with
// longer words ("✓ Bezahlt", the pseudo-locale's 40 % more) would cut them off. After each
// render, and when the window changes size (narrow.css changes the buttons), the header of
// such a column grows to the widest cell shown. It never shrinks while the language stays
// (no jumping as rows scroll), and starts again with a new language (the table is keyed by
// it).
import { useEffect, useLayoutEffect, type RefObject } from 'react';

function fit(t: HTMLTableElement, columns: readonly number[]): void {
  for (const n of columns) {
    const th = t.querySelector<HTMLElement>(`thead th:nth-child(${n})`);
    if (!th) continue;
    let need = 0;
    for (const cell of t.querySelectorAll<HTMLElement>(
      `thead th:nth-child(${n}), tbody td:nth-child(${n})`,
    )) {
      need = Math.max(need, cell.scrollWidth);
    }
    if (need > th.offsetWidth + 0.5) th.style.width = `${Math.ceil(need)}px`;
  }
}

export function useFitColumns(
  table: RefObject<HTMLTableElement | null>,
  columns: readonly number[],
): void {
  useLayoutEffect(() => {
    if (table.current) fit(table.current, columns);
  });
  useEffect(() => {
    const onResize = () => {
      if (table.current) fit(table.current, columns);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [table, columns]);
}
