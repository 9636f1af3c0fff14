// Payments: at most one per checkout (UNIQUE checkout_id), the database's own guard against
// a double payment even if two requests raced past the status check.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export interface PaymentRow {
  id: string;
  checkout_id: string;
  merchant_id: string;
  amount_minor: number;
  currency: string;
  status: string;
  event_id: string;
  created_at: string;
}

export class PaymentRepo {
  readonly #insert: StatementSync;
  readonly #byCheckout: StatementSync;

  constructor(db: DatabaseSync) {
    this.#insert = db.prepare(
      `INSERT INTO payments (id, checkout_id, merchant_id, amount_minor, currency, status,
         event_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#byCheckout = db.prepare('SELECT * FROM payments WHERE checkout_id = ?');
  }

  insert(p: PaymentRow): void {
    this.#insert.run(
      p.id,
      p.checkout_id,
      p.merchant_id,
      p.amount_minor,
      p.currency,
      p.status,
      p.event_id,
      p.created_at,
    );
  }

  forCheckout(checkoutId: string): PaymentRow | null {
    return (this.#byCheckout.get(checkoutId) as PaymentRow | undefined) ?? null;
  }
}
