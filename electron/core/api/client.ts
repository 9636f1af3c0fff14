// The Payment Checkout Service client: strict sending (the create body is parsed with the
// shared house rules before it leaves), tolerant reading (schemas.ts). One client per base
// URL and key; the engine builds a fresh one when the profile or key changes. The key is bound
// to the origin it was tested against: a client whose base URL is elsewhere cannot send it.
import type { z } from 'zod';
import { CreateCheckoutInput, fieldIssues } from '#shared/checkout-rules.ts';
import { EngineError } from '#shared/errors.ts';
import type { BoundKey } from './bound-key.ts';
import { DEFAULT_HTTP, exchange } from './http.ts';
import type { HttpConfig } from './http.ts';
import {
  CreateResponse,
  ListResponse,
  ListRows,
  ServiceCheckout,
  ServiceErrorBody,
  WebhookResponse,
  normalizeCheckout,
} from './schemas.ts';
import type { ApiCheckout } from './schemas.ts';

export interface ApiClientOptions {
  baseUrl: string;
  /** Sent only to its own origin (exchange() refuses any other before sending). */
  key: BoundKey;
  http?: Partial<HttpConfig>;
}

export interface ListQuery {
  limit?: number | undefined;
  offset?: number | undefined;
  active?: boolean | undefined;
}

export interface ListResult {
  data: ApiCheckout[];
  total: number;
  limit: number;
  offset: number;
}

/** A list page as sent: the caller reads each row (one bad row need not spoil the page). */
export interface ListRowsResult {
  rows: unknown[];
  /** The service's `total`, when it sent one. */
  total: number | null;
}

export interface WebhookRegistration {
  id: string | null;
  url: string;
  /** The signing secret, when the service returned one. */
  secret: string | null;
}

/**
 * The answer of an optional single-checkout endpoint: the checkout, or `absent` with the
 * HTTP status when the service answered 404, 405 or 501 (no such checkout, or no such
 * endpoint: only the caller, knowing whether the id exists, can tell which).
 */
export type SingleCheckout =
  | { kind: 'found'; checkout: ApiCheckout }
  | { kind: 'absent'; status: number; code: string | null };

export interface RequestControl {
  signal?: AbortSignal | undefined;
}

export interface ApiClient {
  readonly baseUrl: string;
  createCheckout(input: CreateCheckoutInput, ctl?: RequestControl): Promise<ApiCheckout>;
  listCheckouts(query?: ListQuery, ctl?: RequestControl): Promise<ListResult>;
  /** The same request; the rows are left unread (the mirror reads them one by one). */
  listCheckoutRows(query?: ListQuery, ctl?: RequestControl): Promise<ListRowsResult>;
  registerWebhook(url: string, ctl?: RequestControl): Promise<WebhookRegistration>;
  /** Optional extension GET /api-checkouts/<id> (the full form, with items). */
  getCheckout(id: string, ctl?: RequestControl): Promise<SingleCheckout>;
  /** Optional extension PATCH /api-checkouts/<id> {active}; never retried. */
  setCheckoutActive(id: string, active: boolean, ctl?: RequestControl): Promise<SingleCheckout>;
}

/** Statuses that mean "not here" for the single-checkout endpoints (see SingleCheckout). */
const ABSENT = [404, 405, 501] as const;

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const cfg: HttpConfig = { ...DEFAULT_HTTP, ...opts.http };
  const base = opts.baseUrl.replace(/\/+$/, '');
  const key = opts.key;
  const url = (path: string) => new URL(`${base}${path}`);

  const listUrl = (query: ListQuery): URL => {
    const u = url('/api-checkouts');
    if (query.limit !== undefined) u.searchParams.set('limit', String(query.limit));
    if (query.offset !== undefined) u.searchParams.set('offset', String(query.offset));
    if (query.active !== undefined) u.searchParams.set('active', String(query.active));
    return u;
  };
  const one = (id: string) => url(`/api-checkouts/${encodeURIComponent(id)}`);
  const single = (res: { status: number; body: unknown }, what: string): SingleCheckout => {
    if ((ABSENT as readonly number[]).includes(res.status)) {
      const err = ServiceErrorBody.safeParse(res.body);
      return { kind: 'absent', status: res.status, code: err.data?.error.code ?? null };
    }
    const wrapped = CreateResponse.safeParse(res.body);
    const checkout = wrapped.success
      ? wrapped.data.data
      : readBody(ServiceCheckout, res.body, what);
    return { kind: 'found', checkout: normalizeCheckout(checkout) };
  };

  return {
    baseUrl: base,

    async getCheckout(id, ctl = {}) {
      const res = await exchange(cfg, {
        method: 'GET',
        url: one(id),
        key,
        signal: ctl.signal,
        passStatuses: ABSENT,
      });
      return single(res, 'the checkout');
    },

    async setCheckoutActive(id, active, ctl = {}) {
      const res = await exchange(cfg, {
        method: 'PATCH',
        url: one(id),
        key,
        body: { active },
        signal: ctl.signal,
        passStatuses: ABSENT,
      });
      return single(res, 'the changed checkout');
    },

    async createCheckout(input, ctl = {}) {
      const parsed = CreateCheckoutInput.safeParse(input);
      if (!parsed.success) {
        const first = fieldIssues(parsed.error)[0];
        throw new EngineError('bad_input', `${first?.field}: ${first?.message}`, {
          field: first?.field,
        });
      }
      const res = await exchange(cfg, {
        method: 'POST',
        url: url('/api-checkouts'),
        key,
        body: parsed.data,
        signal: ctl.signal,
      });
      // Tolerant: the interface wraps the checkout in {data}; accept a bare checkout too.
      const wrapped = CreateResponse.safeParse(res.body);
      const checkout = wrapped.success
        ? wrapped.data.data
        : readBody(ServiceCheckout, res.body, 'the created checkout');
      return normalizeCheckout(checkout);
    },

    async listCheckouts(query = {}, ctl = {}) {
      const res = await exchange(cfg, {
        method: 'GET',
        url: listUrl(query),
        key,
        signal: ctl.signal,
      });
      const data = readBody(ListResponse, res.body, 'the checkout list');
      const offset = data.offset ?? query.offset ?? 0;
      return {
        data: data.data.map((c) => normalizeCheckout(c)),
        total: data.total ?? offset + data.data.length,
        limit: data.limit ?? query.limit ?? data.data.length,
        offset,
      };
    },

    async listCheckoutRows(query = {}, ctl = {}) {
      const res = await exchange(cfg, {
        method: 'GET',
        url: listUrl(query),
        key,
        signal: ctl.signal,
      });
      const data = readBody(ListRows, res.body, 'the checkout list');
      return { rows: data.data, total: data.total ?? null };
    },

    async registerWebhook(webhookUrl, ctl = {}) {
      const res = await exchange(cfg, {
        method: 'POST',
        url: url('/api-webhooks'),
        key,
        body: { url: webhookUrl },
        signal: ctl.signal,
      });
      const data = WebhookResponse.parse(res.body ?? {});
      return {
        id: data.data?.id ?? null,
        url: data.data?.url ?? webhookUrl,
        secret: data.data?.secret ?? data.secret ?? null,
      };
    },
  };
}

function readBody<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue ? issue.path.join('.') || '(body)' : '(body)';
  throw new EngineError(
    'bad_response',
    `The service sent ${what} in a form the console cannot read (${where}: ${issue?.message ?? 'invalid'}).`,
  );
}
