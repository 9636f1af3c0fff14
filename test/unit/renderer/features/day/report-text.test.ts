// A report's gaps in the console's languages: a span of full disk says so (not "the
// computer was asleep", which the other causes fall back to), in every catalogue.
import { describe, expect, it } from 'vitest';
import type { DayGap } from '#shared/day.ts';
import { setRegionalLocale } from '../../../../../renderer/src/lib/locale.ts';
import { gapText } from '../../../../../renderer/src/features/day/report-text.ts';
import { intlFor, type TestLanguage } from '../../support/intl.ts';

setRegionalLocale('en-GB');
const gap = (cause: DayGap['cause']): DayGap => ({
  from: '2025-06-02T14:02:00.000Z',
  to: '2025-06-02T14:40:00.000Z',
  cause,
});

const DISK_FULL: Record<Exclude<TestLanguage, 'en-XA'>, RegExp> = {
  en: /the disk was full, so payments could not be saved/,
  de: /der Datenträger war voll/,
  fr: /le disque était plein/,
  es: /el disco estaba lleno/,
  ar: /كان القرص ممتلئًا/,
};

describe('gapText', () => {
  it('in English: payments may be missing between the two times, and why', () => {
    expect(gapText(intlFor('en'), gap('disk_full'))).toMatch(
      /^Payments may be missing between \S+ and \S+: check with the service \(the disk was full, so payments could not be saved\)\.$/,
    );
    expect(gapText(intlFor('en'), gap('asleep'))).toContain('the computer was asleep');
  });

  it.each(Object.entries(DISK_FULL))('says the disk was full in %s', (lang, words) => {
    const text = gapText(intlFor(lang as TestLanguage), gap('disk_full'));
    expect(text).toMatch(words);
    expect(text).not.toBe(gapText(intlFor(lang as TestLanguage), gap('asleep')));
  });
});
