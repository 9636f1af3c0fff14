// Saved items: a shop's usual products with their prices, for one-click lines. Local to
// this console (localStorage); the service has no product catalogue.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface SavedItem {
  id: string;
  name: string;
  price: string;
  currency: string;
}

interface CatalogueState {
  items: SavedItem[];
  save(item: Omit<SavedItem, 'id'>): void;
  remove(id: string): void;
}

export const useCatalogue = create<CatalogueState>()(
  persist(
    (set) => ({
      items: [],
      save: (item) =>
        set((s) => {
          const same = (i: SavedItem) =>
            i.name.trim().toLowerCase() === item.name.trim().toLowerCase() &&
            i.currency === item.currency;
          const rest = s.items.filter((i) => !same(i));
          const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
          return { items: [{ ...item, name: item.name.trim(), id }, ...rest].slice(0, 50) };
        }),
      remove: (id) => set((s) => ({ items: s.items.filter((i) => i.id !== id) })),
    }),
    { name: 'merchant.catalogue' },
  ),
);
