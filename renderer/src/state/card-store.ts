// The shop name printed on QR cards, per profile. It starts as the profile's name and an
// edit on the card stays with the card: the profile's name labels the account in Settings
// and the profile switcher, and printing a card should not rename an account.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface CardState {
  shopNames: Record<string, string>;
  setShopName(profileId: string, name: string): void;
}

export const useCardStore = create<CardState>()(
  persist(
    (set) => ({
      shopNames: {},
      setShopName: (profileId, name) =>
        set((s) => ({ shopNames: { ...s.shopNames, [profileId]: name } })),
    }),
    { name: 'merchant.card' },
  ),
);
