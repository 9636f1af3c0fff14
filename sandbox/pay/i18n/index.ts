// The pay page's words for a request: its Accept-Language, else English.
import type { IncomingMessage } from 'node:http';
import { pickPayLanguage, type PayLanguage } from './accept-language.ts';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import type { PayWords } from './words.ts';

export type { PayWords } from './words.ts';
export const PAY_WORDS: Readonly<Record<PayLanguage, PayWords>> = { en, de, fr, es, ar };

export function wordsFor(req: Pick<IncomingMessage, 'headers'>): PayWords {
  return PAY_WORDS[pickPayLanguage(req.headers['accept-language'])];
}
