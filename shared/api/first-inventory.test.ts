import { describe, expect, it } from 'vitest';
import { needsFirstStart } from './first-inventory';

describe('a listing starts a server never inventoried once', () => {
  it('starts an enabled, approved server with no inventory; not a pending, disabled or inventoried one unless refreshed', () => {
    expect(needsFirstStart({ enabled: true, approval: 'approved' })).toBe(true);
    expect(needsFirstStart({ enabled: true, approval: 'pending' })).toBe(false);
    expect(needsFirstStart({ enabled: false, approval: 'approved' })).toBe(false);
    expect(needsFirstStart({ enabled: true, approval: 'approved', inventoryUpdatedAt: 1 })).toBe(false);
    expect(needsFirstStart({ enabled: true, approval: 'approved', inventoryUpdatedAt: 1 }, true)).toBe(true);
  });
});
