// The engine's half of roles (shared/roles.ts): a call above the caller's role is refused
// before its input is read, whatever transport it came by.
import type { Channel } from '#shared/channels.ts';
import { contract } from '#shared/contract.ts';
import { EngineError } from '#shared/errors.ts';
import { roleAllows, type Role } from '#shared/roles.ts';
import type { Caller } from './types.ts';

const ROLE_NAMES: Record<Role, string> = { watch: 'Watch', till: 'Till', owner: 'Owner' };

export function refuseAboveRole(channel: Channel, caller: Caller): void {
  // A name the contract does not have is refused by the input check as an unknown channel.
  if (!Object.hasOwn(contract, channel)) return;
  const need = contract[channel].role;
  if (roleAllows(caller.role, need)) return;
  throw new EngineError(
    'forbidden_for_role',
    `This screen's role (${ROLE_NAMES[caller.role]}) does not allow that (${channel} needs ${ROLE_NAMES[need]}). The shop's owner can change its role in Settings → Other screens.`,
  );
}
