// Which checkout the detail view shows, and where the focus goes back when it closes (the
// row it was opened from). A row may have been re-rendered (or scrolled out of a virtual
// list) meanwhile, so the row is found again by its id when the element itself is gone.
import { create } from 'zustand';

interface DetailState {
  checkoutId: string | null;
  returnFocusTo: HTMLElement | null;
  open(checkoutId: string, returnFocusTo?: HTMLElement | null): void;
  close(): void;
}

export const DETAIL_ROW_ATTR = 'data-detail-id';

export const useCheckoutDetail = create<DetailState>()((set, get) => ({
  checkoutId: null,
  returnFocusTo: null,
  open: (checkoutId, returnFocusTo = null) => set({ checkoutId, returnFocusTo }),
  close: () => {
    const { checkoutId, returnFocusTo } = get();
    if (checkoutId === null) return;
    set({ checkoutId: null, returnFocusTo: null });
    // After the dialog has closed (its own focus restoring has run): the row, for sure.
    requestAnimationFrame(() => {
      const target =
        returnFocusTo?.isConnected === true
          ? returnFocusTo
          : document.querySelector<HTMLElement>(`[${DETAIL_ROW_ATTR}="${CSS.escape(checkoutId)}"]`);
      target?.focus();
    });
  },
}));
