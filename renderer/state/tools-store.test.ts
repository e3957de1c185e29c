import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import { createFakeApi } from '../../test/support/renderer';
import { ToolsStore } from './tools-store';

function tool(server: string, name: string): ToolInfo {
  return { server, name, inputSchema: { type: 'object' } };
}

/** listTools answers held until the test releases them, in the order it chooses. */
function heldListings(): { api: ReturnType<typeof createFakeApi>; answer: (index: number, tools: ToolInfo[]) => void } {
  const waiting: Array<(tools: ToolInfo[]) => void> = [];
  const api = createFakeApi({ listTools: () => new Promise<ToolInfo[]>((resolve) => waiting.push(resolve)) });
  return { api, answer: (index, tools) => waiting[index]?.(tools) };
}

const names = (store: ToolsStore): Record<string, string[]> =>
  Object.fromEntries([...store.get().byServer].map(([server, tools]) => [server, tools.map((t) => t.name)]));

describe('ToolsStore', () => {
  it('lists every server, then follows one server at a time', async () => {
    const { api, answer } = heldListings();
    const store = new ToolsStore(api);
    const loaded = store.load();
    answer(0, [tool('a', 'one'), tool('b', 'two')]);
    await loaded;
    const reloaded = store.reload('b');
    answer(1, []);
    await reloaded;
    expect(names(store)).toEqual({ a: ['one'] });
  });

  it("keeps a server's newer tools when a full listing started before them answers after them", async () => {
    const { api, answer } = heldListings();
    const store = new ToolsStore(api);
    const loaded = store.load();
    const reloaded = store.reload('a');
    answer(1, [tool('a', 'new')]);
    await reloaded;
    answer(0, [tool('a', 'old'), tool('b', 'two')]);
    await loaded;
    expect(names(store)).toEqual({ a: ['new'], b: ['two'] });
  });

  it('never lets an older reload of a server replace a newer one', async () => {
    const { api, answer } = heldListings();
    const store = new ToolsStore(api);
    const first = store.reload('a');
    const second = store.reload('a');
    answer(1, [tool('a', 'new')]);
    await second;
    answer(0, [tool('a', 'old')]);
    await first;
    expect(names(store)).toEqual({ a: ['new'] });
  });

  it("drops a removed server's tools without asking for them: the answer would be not_found", async () => {
    let asked = 0;
    const api = createFakeApi({ listTools: () => (asked++, Promise.resolve([tool('a', 'one'), tool('b', 'two')])) });
    const store = new ToolsStore(api);
    store.listen();
    await store.load();
    expect(asked).toBe(1);
    api.emit('inventoryChanged', { server: 'b', removed: true });
    await Promise.resolve();
    await Promise.resolve();
    expect(asked).toBe(1);
    expect(names(store)).toEqual({ a: ['one'] });
  });
});
