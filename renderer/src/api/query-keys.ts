// React Query keys in one place, so pushes and mutations invalidate the right entries.
export const qk = {
  app: ['app'] as const,
  profiles: ['profiles'] as const,
  key: ['key'] as const,
  checkouts: ['checkouts'] as const,
  /** One checkout in full (apart from `checkouts`, whose updaters expect list pages). */
  checkoutDetail: (id: string) => ['checkout-detail', id] as const,
  /** Under checkouts: a created link or a paid checkout updates search pages too. */
  checkoutSearch: (input: object) => ['checkouts', 'search', input] as const,
  checkoutSearches: ['checkouts', 'search'] as const,
  sync: ['sync'] as const,
  payments: ['payments'] as const,
  totals: ['totals'] as const,
  /** Payments history (a day or range): apart from `payments`, whose updater is the feed's. */
  history: ['history'] as const,
  historyOf: (input: object) => ['history', input] as const,
  receiver: ['receiver'] as const,
  /** Under receiver: whatever refreshes the receiver's status refreshes these too. */
  requests: ['receiver', 'requests'] as const,
  /** Under receiver too: the tunnel in front of it. */
  tunnel: ['receiver', 'tunnel'] as const,
  settings: ['settings'] as const,
  /** Phone mode of the embedded sandbox (the same whichever profile is active). */
  phoneAccess: ['sandbox', 'phoneAccess'] as const,
  /** The hub (Settings → Hub, the status strip's hub line): app-wide. */
  hub: ['hub'] as const,
  /** The Day screen: the open period (X), past closes, one closed report. */
  day: ['day'] as const,
  dayCurrent: ['day', 'current'] as const,
  dayCloses: (limit: number, offset: number) => ['day', 'closes', { limit, offset }] as const,
  dayReport: (number: number) => ['day', 'report', number] as const,
};
