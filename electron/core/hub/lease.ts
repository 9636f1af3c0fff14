// The receiving role as a lease in a JetStream KV bucket whose entries expire (the bucket's
// max age, which server 2.9 has; per-message TTLs it has not): the holder renews it while it
// is alive, so a receiving node that is gone for good frees the role after one TTL. A second
// claim is refused with the holder's name; an owner may take the role over explicitly.
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { EngineError } from '#shared/errors.ts';

const KEY = 'receiver';

export interface LeaseHolder {
  device: string;
  name: string;
}

export interface Lease {
  /** Claims or renews the role; throws a conflict naming the holder when another has it. */
  claim(takeOver: boolean): Promise<void>;
  /** The holder now, or null when nobody holds the role. */
  holder(): Promise<LeaseHolder | null>;
  /** Gives the role back (leaving the hub, becoming a till). */
  release(): Promise<void>;
}

function parseHolder(text: string): LeaseHolder | null {
  try {
    const v = JSON.parse(text) as Partial<LeaseHolder>;
    if (typeof v.device === 'string' && typeof v.name === 'string') {
      return { device: v.device.slice(0, 100), name: v.name.slice(0, 100) };
    }
  } catch {
    // Not ours: treated as nobody's, and overwritten by the next claim.
  }
  return null;
}

export async function openLease(
  nc: NatsConnection,
  bucket: string,
  me: LeaseHolder,
  ttlMs: number,
): Promise<Lease> {
  const kv: KV = await new Kvm(nc).create(bucket, { ttl: ttlMs, history: 1 });
  const mine = JSON.stringify(me);
  const current = async () => {
    const e = await kv.get(KEY);
    if (e === null || e.operation !== 'PUT') return { entry: null, holder: null };
    return { entry: e, holder: parseHolder(e.string()) };
  };
  const refuse = (h: LeaseHolder) =>
    new EngineError(
      'conflict',
      `${h.name} is the receiving node on this hub. Take over the role there first, or choose "Take over" here.`,
    );
  return {
    async claim(takeOver) {
      const { entry, holder } = await current();
      if (holder !== null && holder.device !== me.device && !takeOver) throw refuse(holder);
      if (takeOver || entry === null) {
        if (entry === null && !takeOver) {
          try {
            await kv.create(KEY, mine);
            return;
          } catch {
            // Another console claimed it between the read and the create.
            const again = await current();
            if (again.holder !== null && again.holder.device !== me.device) {
              throw refuse(again.holder);
            }
          }
        }
        await kv.put(KEY, mine);
        return;
      }
      // Renewed only if nobody took it over since it was read.
      await kv.update(KEY, mine, entry.revision);
    },
    async holder() {
      return (await current()).holder;
    },
    async release() {
      const { holder } = await current();
      if (holder?.device === me.device) await kv.delete(KEY);
    },
  };
}
