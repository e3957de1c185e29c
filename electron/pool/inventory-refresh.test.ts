import { describe, expect, it, vi } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { CodedError } from '../../shared/errors';
import type { Connection } from './connection';
import type { Inventory } from './inventory';
import { InventoryRefresher } from './inventory-refresh';
import { memoryInventoryStore } from '../../test/support/memory-inventory-store';
import { ManualTimers } from '../../test/support/manual-timers';
import { MAX_LISTING_PAGES } from './listing-bound';

// relist: a part listed again on request (a header mismatch of a call), through the same bounded walk
// as every listing (fetch-inventory.ts), its outcome told to the one who asked.

/** A connection whose tools/list answers `pages(n)` for page n (cursor `n`), its requests counted. */
function connection(pages: (n: number) => { tools: unknown[]; nextCursor?: string }): { conn: Connection; requests: () => number } {
  let requests = 0;
  const client = {
    getServerCapabilities: () => ({ tools: {} }),
    getNegotiatedProtocolVersion: () => '2025-11-25',
    request: vi.fn(({ params }: { params: { cursor?: string } }) => {
      requests++;
      return Promise.resolve(pages(Number(params.cursor ?? 0)));
    }),
    listTools: vi.fn(() => Promise.resolve(pages(0))),
  };
  return { conn: { client: client as unknown as Client } as Connection, requests: () => requests };
}

function refresherOf(conn: Connection | undefined): { refresher: InventoryRefresher; stored: Inventory[]; overBound: ReturnType<typeof vi.fn> } {
  const { store, stored } = memoryInventoryStore();
  const overBound = vi.fn();
  const deps = { name: 'remote', store, current: () => (conn ? { conn, config: { type: 'http' as const, url: 'http://127.0.0.1:1/mcp' } } : undefined), now: () => 0, setTimer: new ManualTimers().setTimer, ready: () => true, log: () => undefined, onUpdated: () => undefined, overBound };
  return { refresher: new InventoryRefresher(deps), stored, overBound };
}

const tool = (name: string): { name: string; inputSchema: { type: 'object' } } => ({ name, inputSchema: { type: 'object' } });

describe('InventoryRefresher.relist', () => {
  it('lists the tools again and stores them before it resolves', async () => {
    const { conn, requests } = connection(() => ({ tools: [tool('fresh')] }));
    const { refresher, stored } = refresherOf(conn);
    await refresher.relist('tools');
    expect(requests()).toBe(1);
    expect(stored.map((i) => i.tools.map((t) => t.name))).toEqual([['fresh']]);
  });

  it("rejects with the bound's error for pages that never end, asking for no page past the bound, and halts the server", async () => {
    const { conn, requests } = connection((n) => ({ tools: [], nextCursor: String(n + 1) }));
    const { refresher, stored, overBound } = refresherOf(conn);
    await expect(refresher.relist('tools')).rejects.toMatchObject({ code: 'server_unavailable', message: expect.stringContaining(`lists more than ${MAX_LISTING_PAGES} pages of tools`) as unknown });
    expect(requests()).toBe(MAX_LISTING_PAGES);
    expect(stored).toEqual([]);
    expect(overBound).toHaveBeenCalledTimes(1);
  });

  it('waits for a listing begun after it asked, not one already under way', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let listings = 0;
    const client = {
      getServerCapabilities: () => ({ tools: {} }),
      getNegotiatedProtocolVersion: () => '2025-11-25',
      request: async () => {
        const n = ++listings;
        if (n === 1) await gate;
        return { tools: [tool(`listing${n}`)] };
      },
      // Our walk's listing is also handed to the SDK's cache; a fake Client's is by its own walk (fetch-inventory.ts).
      listTools: () => Promise.resolve({ tools: [tool(`listing${listings}`)] }),
    };
    const { refresher, stored } = refresherOf({ client: client as unknown as Client } as Connection);
    void refresher.refresh(['tools']);
    const relisted = refresher.relist('tools');
    release();
    await relisted;
    expect(stored.map((i) => i.tools[0]?.name)).toEqual(['listing1', 'listing2']);
  });

  it('rejects when the server is not running or is stopped meanwhile', async () => {
    await expect(refresherOf(undefined).refresher.relist('tools')).rejects.toMatchObject({ code: 'server_unavailable', message: '"remote" stopped while its listing was taken again' });
    const never = { client: { getServerCapabilities: () => ({ tools: {} }), request: () => new Promise(() => undefined) } as unknown as Client } as Connection;
    const { refresher: stopping } = refresherOf(never);
    void stopping.refresh(['tools']);
    const waiting = stopping.relist('tools');
    stopping.clear();
    await expect(waiting).rejects.toBeInstanceOf(CodedError);
  });
});

describe('InventoryRefresher after list_changed', () => {
  it('stores and reports a listing only when it differs from what is held', async () => {
    let tools = [tool('same')];
    const { conn, requests } = connection(() => ({ tools }));
    const { store, stored } = memoryInventoryStore();
    let updated = 0;
    const deps = {
      name: 'remote',
      store,
      current: () => ({ conn, config: { type: 'http' as const, url: 'http://127.0.0.1:1/mcp' } }),
      now: () => 0,
      setTimer: new ManualTimers().setTimer,
      ready: () => true,
      log: () => undefined,
      onUpdated: () => void updated++,
      overBound: () => undefined,
    };
    const refresher = new InventoryRefresher(deps);
    await refresher.refresh(['tools']);
    await refresher.refresh(['tools']);
    expect(requests()).toBe(2);
    expect([stored.length, updated]).toEqual([1, 1]);
    tools = [tool('same'), tool('new')];
    await refresher.refresh(['tools']);
    expect([stored.length, updated]).toEqual([2, 2]);
  });
});
