// The CSV separator a person's regional format expects: ";" where the decimal mark is a
// comma (de-DE, fr-FR, …), since a spreadsheet there splits 4,50 at a comma; else ",".
import { numberSymbols } from '#shared/money-input.ts';

export type Separator = ',' | ';';

export function regionalSeparator(locale: string): Separator {
  return numberSymbols(locale).decimal === ',' ? ';' : ',';
}
