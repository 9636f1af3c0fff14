// React Query keys in one place, so pushes and mutations invalidate the right entries.
export const qk = {
  app: ['app'] as const,
  profiles: ['profiles'] as const,
  key: ['key'] as const,
  checkouts: ['checkouts'] as const,
  checkoutPage: (limit: number, offset: number, active: boolean | undefined) =>
    ['checkouts', { limit, offset, active: active ?? null }] as const,
  payments: ['payments'] as const,
  totals: ['totals'] as const,
  receiver: ['receiver'] as const,
  /** Under receiver: whatever refreshes the receiver's status refreshes these too. */
  requests: ['receiver', 'requests'] as const,
  /** Under receiver too: the tunnel in front of it. */
  tunnel: ['receiver', 'tunnel'] as const,
  settings: ['settings'] as const,
};
