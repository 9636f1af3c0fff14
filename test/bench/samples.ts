// Every bench checks, through this one helper, that it measured as many samples as it sent.
// A bench that sees none of its rows (a selector that no longer matches, a server answering
// errors, a sync that stopped early) would otherwise print a table of nothing, or of a lucky
// few, and exit 0: a figure no run produced. The check never stops the bench: it prints the
// shortfall beside the figures, the JSON is still written, and the process exits non-zero.

/** Why `measured` of `sent` is not a full measurement, or null when it is. */
export function sampleShortfall(measured: number, sent: number): string | null {
  if (!Number.isFinite(measured) || !Number.isFinite(sent)) {
    return `counts are not numbers (${measured} of ${sent})`;
  }
  if (sent <= 0) return 'nothing was sent, so nothing was measured';
  if (measured < sent) return `${measured} of ${sent} measured (${sent - measured} missing)`;
  return null;
}

/**
 * Records one sample count: prints "✗ <what>: m of s measured" and sets the exit code to
 * 1 when fewer samples were measured than sent (or none were sent). Returns whether it was
 * complete, for benches that print it in their own summary.
 */
export function expectSamples(what: string, measured: number, sent: number): boolean {
  const short = sampleShortfall(measured, sent);
  if (short === null) return true;
  console.error(`✗ ${what}: ${short}. These figures are not a full measurement.`);
  process.exitCode = 1;
  return false;
}
