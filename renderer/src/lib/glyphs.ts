// Signs that are not words and read the same in every language: a dash for "no amount yet",
// arrows beside Previous/Next (mirrored right to left, styles/theme.css .dir-arrow), the
// remove cross, the brand's mark. The no-literal-string rule counts any literal in JSX as
// words to translate; these are not.
export const GLYPH = {
  none: '—',
  more: '…',
  back: '←',
  forward: '→',
  remove: '✕',
  mark: '◆',
  number: '#',
} as const;
