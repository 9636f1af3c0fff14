// Where a virtualised list starts inside the main area's scrolled content: the live feed
// and the history both scroll with the main area, not in a box of their own.
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Where the list starts inside the main area's scrolled content (the virtualiser's scroll
 * margin). Measured after every render and whenever the screen or the window changes size:
 * a notice or the strip's details above the list move it.
 */
export function useListOffset(listRef: RefObject<HTMLDivElement | null>): number {
  const [offset, setOffset] = useState(0);
  const measure = () => {
    const main = document.getElementById('main');
    const list = listRef.current;
    if (!main || !list) return;
    const top =
      list.getBoundingClientRect().top - main.getBoundingClientRect().top + main.scrollTop;
    setOffset((was) => (Math.abs(was - top) < 0.5 ? was : top));
  };
  // After every render: cheap (two boxes), and a changed offset re-renders once.
  useLayoutEffect(measure);
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    const watch = new ResizeObserver(() => measure());
    watch.observe(main);
    for (const child of Array.from(main.children)) watch.observe(child);
    return () => watch.disconnect();
    // measure only reads refs and the DOM.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return offset;
}
