// The current pairing code: one at a time, one use, PAIRING_MS to live. A new code replaces
// the one before. Wrong guesses are counted: after MAX_WRONG the current code is cancelled,
// so someone on the Wi-Fi cannot try codes until one fits (31^8 codes, 20 tries).
import { EngineError } from '#shared/errors.ts';
import { newPairingCode, normalizeCode } from './tokens.ts';

export const PAIRING_MS = 5 * 60_000;
export const MAX_WRONG = 20;
const REMEMBERED_USED = 50;

const ASK_NEW = 'Ask for a new code on the console: Settings → Other screens → Pair a screen.';

export class Pairing {
  #current: { code: string; expiresMs: number } | null = null;
  #wrong = 0;
  /** Codes already used (or replaced), so a second try says so instead of "wrong code". */
  readonly #used = new Map<string, 'used' | 'replaced'>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  issue(): { code: string; expiresMs: number } {
    if (this.#current) this.#forget(this.#current.code, 'replaced');
    this.#current = { code: newPairingCode(), expiresMs: this.#now() + PAIRING_MS };
    this.#wrong = 0;
    return this.#current;
  }

  /** Uses the code up, or throws why it cannot be used, in words for the person pairing. */
  redeem(typed: string): void {
    const code = normalizeCode(typed);
    const current = this.#current;
    if (current && code === current.code) {
      this.#forget(code, 'used');
      this.#current = null;
      if (this.#now() >= current.expiresMs) {
        throw new EngineError(
          'not_found',
          `This pairing code has expired (codes last 5 minutes). ${ASK_NEW}`,
          {
            field: 'code',
          },
        );
      }
      return;
    }
    const before = this.#used.get(code);
    if (before === 'used') {
      throw new EngineError('not_found', `This pairing code has already been used. ${ASK_NEW}`, {
        field: 'code',
      });
    }
    if (before === 'replaced') {
      throw new EngineError('not_found', `A newer pairing code replaced this one. ${ASK_NEW}`, {
        field: 'code',
      });
    }
    if (current && ++this.#wrong >= MAX_WRONG) {
      this.#forget(current.code, 'replaced');
      this.#current = null;
    }
    throw new EngineError(
      'not_found',
      `This is not the console's pairing code. Check it, or ${ASK_NEW[0]!.toLowerCase()}${ASK_NEW.slice(1)}`,
      {
        field: 'code',
      },
    );
  }

  #forget(code: string, why: 'used' | 'replaced'): void {
    this.#used.set(code, why);
    if (this.#used.size > REMEMBERED_USED) this.#used.delete(this.#used.keys().next().value!);
  }
}
