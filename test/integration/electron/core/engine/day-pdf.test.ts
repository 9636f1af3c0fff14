// day.pdf through the engine's contract (issue 24): the desktop transport's Save as PDF is
// handed the page and the file name for the report asked; a closed report that does not
// exist is refused before any dialog; a transport without one (a browser) is told to use the
// print dialog; a failed write says so in words.
import { afterEach, expect, it } from 'vitest';
import type { PdfRequest } from '../../../../../electron/core/day/index.ts';
import { pdfPage } from '../../../../../electron/core/day/index.ts';
import { callError, openEngine, type Harness } from './harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('hands the desktop’s Save as PDF the paper and the file name, and answers the name saved', async () => {
  const asked: PdfRequest[] = [];
  let answer: string | null = 'chosen.pdf';
  h = await openEngine({
    savePdf: async (request) => {
      asked.push(request);
      return answer;
    },
  });
  const { engine } = h;
  const x = await engine.call('day.current', {});
  expect(await engine.call('day.pdf', { number: null, layout: 'receipt' })).toEqual({
    filename: 'chosen.pdf',
  });
  expect(asked[0]).toEqual({
    filename: `x-report-80mm-sandbox-${x.business_day}.pdf`,
    page: pdfPage('receipt'),
  });

  const z = await engine.call('day.close', {});
  answer = null; // the user pressed Cancel
  expect(await engine.call('day.pdf', { number: z.number!, layout: 'a4' })).toEqual({
    filename: null,
  });
  expect(asked[1]).toEqual({
    filename: `z-report-${z.number}-a4-sandbox-${z.business_day}.pdf`,
    page: pdfPage('a4'),
  });

  const missing = await callError(engine, 'day.pdf', { number: 99, layout: 'a4' });
  expect(missing.code).toBe('not_found');
  expect(asked).toHaveLength(2);
  const bad = await callError(engine, 'day.pdf', { number: null, layout: 'letter' });
  expect(bad.code).toBe('bad_input');
});

it('says what went wrong when the file cannot be written', async () => {
  h = await openEngine({
    savePdf: async () => {
      throw Object.assign(new Error("EACCES: permission denied, open '/x.pdf'"), {
        code: 'EACCES',
      });
    },
  });
  const err = await callError(h.engine, 'day.pdf', { number: null, layout: 'a4' });
  expect(err.code).toBe('internal');
  expect(err.message).toMatch(/^The PDF could not be saved \(EACCES: permission denied.*\)\. /);
});

it('without a Save as PDF (a browser transport) points to the print dialog', async () => {
  h = await openEngine();
  const err = await callError(h.engine, 'day.pdf', { number: null, layout: 'a4' });
  expect(err.message).toMatch(/print dialog/);
});
