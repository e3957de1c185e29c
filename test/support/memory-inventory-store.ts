import { EMPTY_INVENTORY, type Inventory } from '../../electron/pool/inventory';
import type { InventoryStore } from '../../electron/pool/inventory-store';

/** An inventory store kept in memory for a refresher's unit tests, with every inventory it was given. */
export function memoryInventoryStore(): { store: InventoryStore; stored: Inventory[] } {
  const stored: Inventory[] = [];
  let inventory = EMPTY_INVENTORY;
  const store = {
    get inventory() {
      return inventory;
    },
    loaded: Promise.resolve(),
    // As the real store: held once stored, and only while the listing is the same.
    holds: (next: Inventory) => stored.length > 0 && JSON.stringify(next) === JSON.stringify(inventory),
    store: (next: Inventory) => {
      inventory = next;
      stored.push(next);
      return Promise.resolve();
    },
  } as unknown as InventoryStore;
  return { store, stored };
}
