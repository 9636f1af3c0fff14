// An API key together with the origin (scheme, host, port) it was checked against. The key
// itself can only be taken out for a request to that origin: whatever base URL a caller
// builds a client with, the HTTP layer never puts the key in a request to any other origin.
import { EngineError } from '#shared/errors.ts';
import { maskKey } from '../vault/key-shape.ts';

export class BoundKey {
  readonly origin: string;
  readonly #value: string;

  constructor(value: string, originOrUrl: string) {
    this.#value = value;
    this.origin = new URL(originOrUrl).origin;
  }

  /** The x-api-key value for a request to `url`; refuses any other origin. */
  headerFor(url: URL): string {
    if (url.origin !== this.origin) {
      throw new EngineError(
        'no_key',
        `The API key of this account was tested against ${this.origin}, so it is not sent to ${url.origin}. Add the key again for the new address.`,
      );
    }
    return this.#value;
  }

  /** The same key for the same origin (a client built with one serves the other). */
  equals(other: BoundKey): boolean {
    return this.origin === other.origin && this.#value === other.#value;
  }

  /** Only ever the masked form, should the object reach a log or a JSON body. */
  toJSON(): { origin: string; key: string } {
    return { origin: this.origin, key: maskKey(this.#value) };
  }

  toString(): string {
    return `${maskKey(this.#value)} for ${this.origin}`;
  }
}
