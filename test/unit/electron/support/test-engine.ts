// TEST DOUBLE of the engine for transport unit tests: parses input with the real contract
// (so bad input fails exactly like the engine's) and keeps checkouts and payments in memory.
// Integration tests use the real createEngine.
import { randomUUID } from 'node:crypto';
import type { Channel, EventName } from '#shared/channels.ts';
import type { LanguageChoice } from '#shared/languages.ts';
import { fieldIssues, productName, totalAmount } from '#shared/checkout-rules.ts';
import { contract, type EventPayload, type Output } from '#shared/contract.ts';
import type { Checkout, Payment } from '#shared/domain.ts';
import type { Engine } from '../../../../electron/core/engine/types.ts';
import type { ClockChange } from '../../../../electron/core/engine/clock-watch.ts';
import { EngineError } from '#shared/errors.ts';

export interface TestEngine extends Engine {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  listenerCount(event: EventName): number;
  calls: Array<{ channel: Channel; input: unknown }>;
  /** The next call on `channel` throws this instead of answering. */
  failNext(channel: Channel, err: unknown): void;
  closed: boolean;
  /** What clockChanged was told (powerMonitor in electron/main feeds it). */
  clockChanges: ClockChange[];
  /** What settings.get answers for keep_receiving_when_closed. */
  keepReceiving: boolean;
  /** What settings.get answers for language. */
  language: LanguageChoice;
}

export function createTestEngine(): TestEngine {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const checkouts: Checkout[] = [];
  const payments: Payment[] = [];
  const failures = new Map<Channel, unknown>();

  const handlers: Partial<{ [C in Channel]: (input: never) => Output<C> }> = {
    'app.info': () => ({ version: '0.0.0-test', transport: 'web', welcome: false }),
    'checkouts.create': (input: {
      items: { name: string; amount: number; quantity?: number }[];
      currency?: string;
      active?: boolean;
    }) => {
      const currency = input.currency ?? 'USD';
      const id = randomUUID();
      const checkout: Checkout = {
        id,
        product_name: productName(input.items),
        amount: totalAmount(input.items, currency),
        currency,
        active: input.active ?? true,
        created_at: new Date().toISOString(),
        checkout_url: `http://127.0.0.1:1/pay/${id}`,
        paid: false,
        items: input.items,
      };
      checkouts.unshift(checkout);
      return checkout;
    },
    'checkouts.list': (input: { limit?: number; offset?: number }) => {
      const limit = input.limit ?? 50;
      const offset = input.offset ?? 0;
      return {
        data: checkouts.slice(offset, offset + limit),
        total: checkouts.length,
        limit,
        offset,
      };
    },
    'payments.list': (input: { limit?: number; offset?: number }) => {
      const limit = input.limit ?? 50;
      const offset = input.offset ?? 0;
      return {
        data: payments.slice(offset, offset + limit),
        total: payments.length,
        limit,
        offset,
      };
    },
    'payments.totals': () => ({
      day: new Date().toISOString().slice(0, 10),
      totals: [],
      paid_count: payments.filter((p) => p.status === 'verified').length,
    }),
    'settings.get': () => ({
      receiver_port: 0,
      public_url: null,
      sound: false,
      notifications: true,
      theme: 'system',
      keep_receiving_when_closed: engine.keepReceiving,
      language: engine.language,
      day_rolls_at: '00:00',
      day_auto_close_at: null,
    }),
  };

  const engine: TestEngine = {
    calls: [],
    closed: false,
    clockChanges: [],
    keepReceiving: true,
    language: 'system',
    async clockChanged(change) {
      engine.clockChanges.push(change);
    },
    // No paired screens: every device token is unknown, pairing codes are wrong.
    screens: {
      attach: async () => undefined,
      claim: () => {
        throw new EngineError('not_found', 'The test engine has no pairing code.');
      },
      pairState: () => null,
      authenticate: () => null,
      streamOpened: () => () => undefined,
    },
    async call(channel, rawInput) {
      engine.calls.push({ channel, input: rawInput });
      const failure = failures.get(channel);
      if (failures.delete(channel)) throw failure;
      const parsed = contract[channel].input.safeParse(rawInput);
      if (!parsed.success) {
        const first = fieldIssues(parsed.error)[0];
        throw new EngineError(
          'bad_input',
          `${first?.field ?? '(body)'} ${first?.message ?? 'is invalid'}`,
          {
            field: first?.field,
          },
        );
      }
      const handler = handlers[channel] as ((input: unknown) => Output<typeof channel>) | undefined;
      if (!handler) throw new EngineError('not_found', `The test engine has no "${channel}".`);
      return handler(parsed.data);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: never) => void);
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
    emit(event, payload) {
      if (event === 'payment.received') payments.unshift(payload as Payment);
      for (const l of listeners.get(event) ?? []) (l as (p: typeof payload) => void)(payload);
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    failNext(channel, err) {
      failures.set(channel, err);
    },
    receiverUrl: () => 'http://127.0.0.1:1/webhooks/test-token',
    async close() {
      engine.closed = true;
    },
  };
  return engine;
}

export function samplePayment(over: Partial<Payment> = {}): Payment {
  return {
    id: randomUUID(),
    checkout_id: randomUUID(),
    amount: 12.5,
    currency: 'USD',
    status: 'verified',
    reason: null,
    product_name: 'Coffee',
    signed: true,
    received_at: new Date().toISOString(),
    ...over,
  };
}
