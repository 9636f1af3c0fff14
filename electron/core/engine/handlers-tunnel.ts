// tunnel.status and tunnel.set: how the service reaches the active live profile's receiver.
import type { Handlers } from '#shared/contract.ts';
import type { HandlerContext } from './context.ts';

type TunnelHandlers = Pick<Handlers, 'tunnel.status' | 'tunnel.set'>;

export function tunnelHandlers(ctx: HandlerContext): TunnelHandlers {
  return {
    'tunnel.status': async () => ctx.active.tunnelStatus(),
    'tunnel.set': async ({ mode, public_url }) => ctx.active.setTunnel(mode, public_url),
  };
}
