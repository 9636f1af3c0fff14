// The optional single-checkout extensions (docs/service-api.md, house rules): GET
// /api-checkouts/<id> answers the full form, PATCH /api-checkouts/<id> with {"active": bool}
// switches a link off or on. The seed interface shows neither, so a service may lack them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context.ts';
import { fullForm } from '../checkout-view.ts';
import type { CheckoutRow } from '../db/checkouts.ts';
import { inTransaction } from '../db/open.ts';
import { readJson } from './body.ts';
import { HttpError, notFound, sendJson, validationError, type ErrorDetail } from './respond.ts';

/** 409 code for activating a paid checkout: it was paid once and cannot be paid again. */
export const ALREADY_PAID = 'checkout_paid';

/**
 * The merchant's own checkout, or 404. Another merchant's checkout answers exactly as an
 * unknown id does, so no key can learn which ids exist elsewhere.
 */
function ownCheckout(ctx: SandboxContext, merchantId: string, id: string): CheckoutRow {
  const row = ctx.checkouts.get(id.toLowerCase());
  if (!row || row.merchant_id !== merchantId) throw notFound('No checkout with this id');
  return row;
}

export function getCheckout(
  ctx: SandboxContext,
  res: ServerResponse,
  merchantId: string,
  id: string,
): void {
  const row = ownCheckout(ctx, merchantId, id);
  sendJson(res, 200, { data: fullForm(row, ctx.checkoutPageBase) });
}

/** The body must be exactly {"active": true|false}; every other shape names its field. */
function parsePatch(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError([{ field: '(body)', message: 'must be a JSON object' }]);
  }
  const fields = body as Record<string, unknown>;
  const problems: ErrorDetail[] = Object.keys(fields)
    .filter((k) => k !== 'active')
    .map((k) => ({ field: k, message: 'is not a known field (send only active)' }));
  if (!('active' in fields)) {
    problems.unshift({ field: 'active', message: 'is required (true or false)' });
  } else if (typeof fields.active !== 'boolean') {
    problems.unshift({ field: 'active', message: 'must be true or false' });
  }
  if (problems.length > 0) throw validationError(problems);
  return fields.active as boolean;
}

export async function patchCheckout(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  merchantId: string,
  id: string,
): Promise<void> {
  // Unknown ids answer 404 before the body is judged, like GET (the id is the resource).
  ownCheckout(ctx, merchantId, id);
  const active = parsePatch(await readJson(req));
  const outcome = inTransaction(ctx.db, () => {
    // Read again inside the write lock: a payment may have landed while the body arrived.
    const current = ownCheckout(ctx, merchantId, id);
    if (current.paid_at !== null && active) {
      throw new HttpError(
        409,
        ALREADY_PAID,
        'This checkout has been paid, so it cannot be activated again',
      );
    }
    // Asking for the state it is already in (a paid one stays inactive) changes nothing.
    const changed = ctx.checkouts.setActive(current, active);
    return { row: { ...current, active: active ? 1 : 0 }, changed };
  });
  if (outcome.changed) ctx.listCache.bump();
  sendJson(res, 200, { data: fullForm(outcome.row, ctx.checkoutPageBase) });
}
