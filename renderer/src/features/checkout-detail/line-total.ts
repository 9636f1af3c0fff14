// An item's line total, in integer minor units (3 × 19.99 is 59.97, never 59.96999…).
import { fromMinor, toMinor } from '#shared/money.ts';

export function lineTotal(amount: number, quantity: number, currency: string): number | null {
  const unit = toMinor(amount, currency);
  return unit.ok ? fromMinor(unit.minor * quantity, currency) : null;
}
