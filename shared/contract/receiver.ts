// How the service reaches this console: the receiver, its webhook registration, the tunnel in
// front of it and the reachability check. Assembled into `contract` by shared/contract.ts.
import { z } from 'zod';
import {
  ReachCheck,
  ReceiverRequest,
  ReceiverStatus,
  TunnelMode,
  TunnelStatus,
  WebhookStatus,
} from '../domain.ts';
import { type ChannelEntries, Empty, int } from './schemas.ts';

export const receiverChannels = {
  /** The receiver: where it listens, last event, gaps, webhook registration, reachability. */
  'receiver.status': { role: 'watch', input: Empty, output: ReceiverStatus },
  /** The newest requests the receiver answered, newest first (Settings → Receiver). */
  'receiver.requests': {
    role: 'owner',
    input: z.object({ limit: int(1, 200).optional() }).strict(),
    output: z.object({ requests: z.array(ReceiverRequest) }),
  },
  /** Registers the receiver's URL as the active profile's webhook at the service (again). */
  'webhook.register': { role: 'owner', input: Empty, output: WebhookStatus },
  /** How the service reaches the active live profile's receiver (a tunnel tool or an own URL). */
  'tunnel.status': { role: 'watch', input: Empty, output: TunnelStatus },
  /** Chooses the tunnel tool, an own public URL, or none, for the active live profile. */
  'tunnel.set': {
    role: 'owner',
    input: z
      .object({
        mode: TunnelMode,
        /** Required with mode 'own': the public http(s) URL that forwards to the receiver. */
        public_url: z.string().max(2000).optional(),
      })
      .strict(),
    output: TunnelStatus,
  },
  /** Sends a signed test request through the public URL to this receiver (Check now). */
  'receiver.check': { role: 'owner', input: Empty, output: ReachCheck },
} as const satisfies ChannelEntries;
