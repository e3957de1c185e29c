import { describe, expect, it } from 'vitest';
import { refreshEvery } from '../../renderer/lib/format';
import { benchData } from './ui-fake-api';

describe('the UI benches’ generated services', () => {
  it('hold no sign-in expiry that makes the catalog’s clock tick more than once a minute (a tick would count as a keystroke’s repaint)', () => {
    const made = Date.now();
    const { status } = benchData(1000, 1);
    const expiries = status.servers.flatMap((s) => (s.auth?.expiresAt !== undefined ? [s.auth.expiresAt] : []));
    expect(expiries.length).toBeGreaterThan(100);
    // Through a run of up to ten minutes after the data was made.
    for (const later of [made, made + 10 * 60_000]) {
      expect(new Set(expiries.map((at) => refreshEvery(at, later)))).toEqual(new Set([60_000]));
    }
    // Still both kinds of row: expired and expiring.
    expect(expiries.some((at) => at < made) && expiries.some((at) => at > made)).toBe(true);
  });
});
