// hub.*: joining a NATS JetStream hub as the receiving node or a till (hub/, docs/hub.md).
import type { Handlers } from '#shared/contract.ts';
import type { Hub } from '../hub/index.ts';

export function hubHandlers(hub: Hub): Pick<Handlers, 'hub.set' | 'hub.status'> {
  return {
    'hub.set': (input) => hub.set(input),
    'hub.status': () => hub.status(),
  };
}
