// Typed errors the engine returns to every transport. Messages are written for the person
// using the console and never contain the API key (callers pass only safe text).
import type { ErrorCode, EngineErrorShape } from '../../shared/domain.ts';

export class EngineError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly retryAfterS: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { field?: string | undefined; retryAfterS?: number | undefined; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'EngineError';
    this.code = code;
    this.field = extra.field;
    this.retryAfterS = extra.retryAfterS;
  }

  toJSON(): EngineErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.retryAfterS === undefined ? {} : { retry_after_s: this.retryAfterS }),
    };
  }
}

/** Any thrown value as the wire shape; unknown failures become a generic internal error. */
export function toErrorShape(err: unknown): EngineErrorShape {
  if (err instanceof EngineError) return err.toJSON();
  return { code: 'internal', message: 'Something went wrong inside the console. Try again.' };
}
