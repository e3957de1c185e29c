import { describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import type { Connection } from './connection';
import type { Inventory } from './inventory';
import { InventoryRefresher } from './inventory-refresh';
import { memoryInventoryStore } from '../../test/support/memory-inventory-store';
import { ManualTimers } from '../../test/support/manual-timers';

// relist after a header mismatch: calls that mismatch together share one listing (join), and a
// listing only callers wait for ends when the last of them gives up (its call cancelled or timed out).

/** A connection whose tools/list is held until `release`, or rejected by its request's signal; what each request saw kept. */
const listing = { tools: [{ name: 'fresh', inputSchema: { type: 'object' } }] };

function heldConnection(): { conn: Connection; release: () => void; signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  // Released once, whether or not the request was sent yet: the walk may take a turn before its first page.
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const client = {
    getServerCapabilities: () => ({ tools: {} }),
    getNegotiatedProtocolVersion: () => '2025-11-25',
    // The SDK's own walk, which keeps its cache once ours found the listing within its bounds.
    listTools: () => Promise.resolve(listing),
    // A 2025-era page comes with the walk's own result schema (listing-items.ts), then the options.
    request: (_request: unknown, _schema: unknown, options: { signal: AbortSignal }) => {
      signals.push(options.signal);
      return new Promise((resolve, reject) => {
        void held.then(() => resolve(listing));
        options.signal.addEventListener('abort', () => reject(options.signal.reason as Error), { once: true });
      });
    },
  };
  return { conn: { client: client as unknown as Client } as Connection, release: () => release(), signals };
}

function refresherOf(conn: Connection): { refresher: InventoryRefresher; stored: Inventory[] } {
  const { store, stored } = memoryInventoryStore();
  const deps = { name: 'remote', store, current: () => ({ conn, config: { type: 'http' as const, url: 'http://127.0.0.1:1/mcp' } }), now: () => 0, setTimer: new ManualTimers().setTimer, ready: () => true, log: () => undefined, onUpdated: () => undefined, overBound: () => undefined };
  return { refresher: new InventoryRefresher(deps), stored };
}

describe('InventoryRefresher.relist with its callers’ signals', () => {
  it('shares the listing under way with a caller that joins it: one request, both told', async () => {
    const { conn, release, signals } = heldConnection();
    const { refresher, stored } = refresherOf(conn);
    const first = refresher.relist('tools', {});
    const second = refresher.relist('tools', { join: true });
    release();
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(signals).toHaveLength(1);
    expect(stored).toHaveLength(1);
  });

  it('ends the listing when the last caller waiting for it gives up, each rejected with its own reason', async () => {
    const { conn, signals } = heldConnection();
    const { refresher, stored } = refresherOf(conn);
    const a = new AbortController();
    const b = new AbortController();
    const first = refresher.relist('tools', { signal: a.signal });
    const second = refresher.relist('tools', { signal: b.signal, join: true });
    a.abort(new Error('a cancelled'));
    await expect(first).rejects.toThrow('a cancelled');
    expect(signals[0]?.aborted).toBe(false);
    b.abort(new Error('b timed out'));
    await expect(second).rejects.toThrow('b timed out');
    expect(signals[0]?.aborted).toBe(true);
    await refresher.running;
    expect(stored).toEqual([]);
  });

  it('keeps a listing a list_changed also asked for, after its caller gave up', async () => {
    const { conn, release, signals } = heldConnection();
    const { refresher, stored } = refresherOf(conn);
    const gone = new AbortController();
    refresher.add('tools');
    const waiting = refresher.relist('tools', { signal: gone.signal });
    gone.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    expect(signals[0]?.aborted).toBe(false);
    release();
    await refresher.running;
    expect(stored).toHaveLength(1);
  });

  it('starts no listing for a caller who gave up before it began', async () => {
    const { conn, release, signals } = heldConnection();
    const { refresher } = refresherOf(conn);
    const first = refresher.relist('tools', {});
    const gone = new AbortController();
    const next = refresher.relist('tools', { signal: gone.signal });
    gone.abort(new Error('cancelled'));
    await expect(next).rejects.toThrow('cancelled');
    release();
    await first;
    await refresher.running;
    expect(signals).toHaveLength(1);
  });
});
