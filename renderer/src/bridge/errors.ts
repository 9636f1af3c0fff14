// One error type for every failure the renderer sees, whatever the transport, so screens
// can show the engine's message and point at the field it names.
import { ErrorCode, type EngineErrorShape } from '../../../shared/domain.ts';

export class MerchantError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly retryAfterS: number | undefined;

  constructor(shape: EngineErrorShape) {
    super(shape.message);
    this.name = 'MerchantError';
    this.code = shape.code;
    this.field = shape.field;
    this.retryAfterS = shape.retry_after_s;
  }
}

function isShape(value: unknown): value is EngineErrorShape {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.code === 'string' &&
    ErrorCode.safeParse(v.code).success &&
    typeof v.message === 'string'
  );
}

/**
 * Whatever a transport threw, as a MerchantError. Electron's invoke wraps the engine's error
 * in "Error invoking remote method …: {json}", so a JSON tail is looked for as well.
 */
export function toMerchantError(err: unknown): MerchantError {
  if (err instanceof MerchantError) return err;
  if (isShape(err)) return new MerchantError(err);
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    if (isShape(cause)) return new MerchantError(cause);
    const brace = err.message.indexOf('{');
    if (brace >= 0) {
      try {
        const parsed: unknown = JSON.parse(err.message.slice(brace));
        if (isShape(parsed)) return new MerchantError(parsed);
      } catch {
        // Not JSON: fall through to the generic message below.
      }
    }
  }
  return new MerchantError({
    code: 'internal',
    message: 'Something went wrong inside the console. Try again.',
  });
}

export function errorMessage(err: unknown): string {
  return toMerchantError(err).message;
}
