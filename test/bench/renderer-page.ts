// Code that runs inside the page during the renderer bench. Kept as source text: the Node
// side has no DOM types, and the page must not depend on the bench's modules.

/**
 * Scrolls the element matching `selector` from top to bottom in steps of `step` px, one
 * step per animation frame, and reports frame-to-frame deltas. Resolves with the stats.
 */
export const SCROLL_SCRIPT = String.raw`
async ({ selector, step, maxFrames }) => {
  const el = document.querySelector(selector);
  if (!el) throw new Error('no element ' + selector);
  el.scrollTop = 0;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const deltas = [];
  let last = performance.now();
  let frames = 0;
  let stuck = 0;
  while (frames < maxFrames) {
    const before = el.scrollTop;
    el.scrollTop = before + step;
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    deltas.push(now - last);
    last = now;
    frames++;
    // At the bottom: wait a few frames for more rows (the feed loads pages as it scrolls).
    if (el.scrollTop <= before) {
      if (++stuck > 30) break;
    } else stuck = 0;
  }
  const sorted = [...deltas].sort((a, b) => a - b);
  const pick = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    frames: deltas.length,
    scrolled_px: el.scrollTop,
    scroll_height: el.scrollHeight,
    longest_frame_ms: sorted[sorted.length - 1],
    longest_at_frame: deltas.indexOf(sorted[sorted.length - 1]),
    p50_frame_ms: pick(0.5),
    p95_frame_ms: pick(0.95),
    over_33ms: deltas.filter((d) => d > 33.4).length,
    over_50ms: deltas.filter((d) => d > 50).length,
  };
}`;
