// sandbox.phoneAccess: phone mode of the embedded sandbox (embedded-sandbox/phone-access.ts).
import type { Handlers } from '#shared/contract.ts';
import type { HandlerContext } from './context.ts';

export function sandboxHandlers(ctx: HandlerContext): Pick<Handlers, 'sandbox.phoneAccess'> {
  return {
    'sandbox.phoneAccess': async (input) => ctx.active.phoneAccess(input),
  };
}
