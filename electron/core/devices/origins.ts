// What Other screens adds to three answers: app.info tells the page its role (and a paired
// screen its name); a link made through the console remembers the screen it was made on;
// a checkout's detail says so. Kept here so the handlers stay as they were.
import type { Channel } from '#shared/channels.ts';
import type { Output } from '#shared/contract.ts';
import type { Role } from '#shared/roles.ts';
import type { DevicesSql } from './devices-sql.ts';

export interface OriginCaller {
  role: Role;
  device?: { id: string; name: string };
}

export function withCaller<C extends Channel>(
  sql: DevicesSql,
  profileId: string,
  channel: C,
  output: Output<C>,
  caller: OriginCaller,
): Output<C> {
  if (channel === 'app.info') {
    const info = output as Output<'app.info'>;
    return {
      ...info,
      role: caller.role,
      ...(caller.device ? { screen: { name: caller.device.name } } : {}),
    } as Output<C>;
  }
  if (channel === 'checkouts.create') {
    const made = output as Output<'checkouts.create'>;
    sql.recordOrigin(profileId, made.id, caller.device?.id ?? null, caller.device?.name ?? null);
    return output;
  }
  if (channel === 'checkouts.get') {
    const detail = output as Output<'checkouts.get'>;
    return { ...detail, made_on: sql.origin(profileId, detail.checkout.id) } as Output<C>;
  }
  return output;
}
