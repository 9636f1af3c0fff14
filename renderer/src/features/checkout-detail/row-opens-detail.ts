// What makes a list row open the detail view: focusable, click anywhere but on its own
// buttons and links, Enter when the row itself has the focus. Spread onto the row element.
import type { KeyboardEvent, MouseEvent } from 'react';
import { DETAIL_ROW_ATTR, useCheckoutDetail } from './use-checkout-detail.ts';

export function rowOpensDetail(checkoutId: string) {
  const open = (el: HTMLElement) => useCheckoutDetail.getState().open(checkoutId, el);
  return {
    tabIndex: 0,
    [DETAIL_ROW_ATTR]: checkoutId,
    onClick: (e: MouseEvent<HTMLElement>) => {
      if ((e.target as HTMLElement).closest('button, a, input, select, textarea')) return;
      open(e.currentTarget);
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key !== 'Enter' || e.target !== e.currentTarget) return;
      e.preventDefault();
      open(e.currentTarget);
    },
  };
}
