// The renderer's side of the one error shape (shared/errors.ts): whatever a transport threw
// becomes an EngineError, so screens show the engine's message and point at its field.
import { toEngineError } from '#shared/errors.ts';

export { EngineError, toEngineError } from '#shared/errors.ts';

export function errorMessage(err: unknown): string {
  return toEngineError(err).message;
}
