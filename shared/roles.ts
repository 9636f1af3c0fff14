// Who may do what (issue 25 §2). Every channel of contract.ts names the least role it needs
// and every event the least role that may receive it; the engine refuses a call above the
// caller's role. Free of zod, so the preload and the renderer can use it as it is.

/**
 * watch: live payments, today's totals, the day's report.
 * till: also new links, their copy/QR/print card, checkouts search and detail.
 * owner: everything (settings, profiles, keys, tunnels, export, deactivate, other screens).
 */
export const ROLES = ['watch', 'till', 'owner'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { watch: 0, till: 1, owner: 2 };

/** Whether a caller with role `have` may use something that needs `need`. */
export function roleAllows(have: Role, need: Role): boolean {
  return RANK[have] >= RANK[need];
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
