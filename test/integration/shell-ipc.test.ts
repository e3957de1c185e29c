import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { createCallHandler, type CallSender } from '../../electron/shell/ipc/call-handler';
import { forwardApiEvents } from '../../electron/shell/ipc/event-forwarder';
import { EventDelivery, type EventPage } from '../../electron/shell/ipc/event-delivery';
import type { EventMessage, PageMessage } from '../../electron/shell/ipc/ipc-protocol';
import { buildPreloadApi } from '../../electron/shell/preload/preload-api';
import { trayModel } from '../../electron/shell/tray/tray-model';
import { everythingServer } from '../fixtures/servers/config';

const WINDOW = 11;
const OURS: CallSender = { frame: { url: 'app://connected-services/index.html#/', isMainFrame: true }, contentsId: WINDOW };
const IFRAME: CallSender = { frame: { url: 'app://connected-services/index.html', isMainFrame: false }, contentsId: WINDOW };

/**
 * The shell's IPC path against the real core: the preload object the page gets, the cs:call handler
 * main registers, dispatch() and the contract's schemas, with only Electron's transport left out.
 */
describe('shell IPC against the real core', () => {
  let core: Core | undefined;
  afterEach(async () => {
    await core?.close();
    core = undefined;
  });

  async function open(bound?: number) {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-shell-ipc-')), 'home');
    core = await createCore({ dataDir, demo: false, env: {}, vaultProvider: 'memory' });
    const handler = createCallHandler({ door: core.door, isOurContents: (id) => id === WINDOW });
    const sent: EventMessage[] = [];
    const stopEvents = forwardApiEvents(core.api, (message) => sent.push(message));
    let deliver: (message: unknown) => void = () => undefined;
    const posted: PageMessage[] = [];
    const window: EventPage = { topFrameUrl: () => OURS.frame.url, post: (message) => (posted.push(message), deliver(message)) };
    const delivery = new EventDelivery(bound);
    // What the renderer puts off until its queued messages are handled: run by the test, never by a timer.
    const later: Array<() => void> = [];
    const page = buildPreloadApi({
      invoke: (_channel, request) => handler(OURS, request),
      subscribe: (_channel, listener) => {
        deliver = listener;
      },
      send: (_channel, seq) => delivery.acknowledge(window, seq),
      later: (task) => void later.push(task),
    });
    const readQueued = (): void => {
      for (const task of later.splice(0)) task();
    };
    const offDelivery = forwardApiEvents(core.api, (message) => delivery.send(window, message));
    const stop = (): void => {
      stopEvents();
      offDelivery();
    };
    return { dataDir, core, handler, page, sent, posted, readQueued, stop };
  }

  it('answers the page through the preload object, and refuses what the contract refuses', async () => {
    const { page, dataDir, stop } = await open();
    const status = await page.status();
    expect(status.dataDir).toBe(dataDir);
    expect(status.servers).toEqual([]);

    await expect(page.addServer({ name: 'everything', config: everythingServer() })).resolves.toEqual({ ok: true });
    expect((await page.status()).servers.map((s) => s.name)).toEqual(['everything']);

    await expect(page.removeServer({ name: '../../etc/passwd' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(page.addServer({ name: 'x', config: { command: 42 } } as never)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(page.removeServer({ name: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
    stop();
  });

  it('refuses a call from a frame that is not the window main frame, leaving the config untouched', async () => {
    const { handler, dataDir, page, stop } = await open();
    await page.addServer({ name: 'everything', config: everythingServer() });
    const before = readFileSync(join(dataDir, 'mcp.json'), 'utf8');
    expect(await handler(IFRAME, { method: 'removeServer', input: { name: 'everything' } })).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(await handler({ ...OURS, contentsId: WINDOW + 1 }, { method: 'removeServer', input: { name: 'everything' } })).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(await handler({ frame: { url: 'https://evil.example/', isMainFrame: true }, contentsId: WINDOW }, { method: 'status' })).toMatchObject({ ok: false });
    expect(readFileSync(join(dataDir, 'mcp.json'), 'utf8')).toBe(before);
    expect(await handler(OURS, { method: 'unknownMethod', input: {} })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    stop();
  });

  it('pushes core events to the page as { event, payload } and to its listeners', async () => {
    const { page, sent, stop } = await open();
    const seen: unknown[] = [];
    const off = page.on('agentsChanged', (payload) => seen.push(payload));
    const { token } = await page.addAgent({ name: 'claude', servers: '*' });
    expect(token.length).toBeGreaterThan(20);
    expect(sent).toContainEqual({ event: 'agentsChanged', payload: {} });
    expect(seen).toEqual([{}]);
    off();
    await page.removeAgent({ name: 'claude' });
    expect(seen).toEqual([{}]);
    stop();
  });

  it('withholds events from a page that does not read past the bound, then tells it once to load again', async () => {
    const { page, posted, sent, readQueued, stop } = await open(2_000);
    const events: unknown[] = [];
    page.on('agentsChanged', (payload) => events.push(payload));
    let missed = 0;
    page.onEventsMissed(() => missed++);
    for (let i = 0; i < 40; i++) {
      await page.addAgent({ name: `agent-${i}`, servers: '*' });
      await page.removeAgent({ name: `agent-${i}` });
    }
    const bytes = posted.reduce((sum, { seq: _seq, ...message }) => sum + Buffer.byteLength(JSON.stringify(message)), 0);
    expect(bytes).toBeLessThanOrEqual(2_000);
    expect(events.length).toBeGreaterThan(0);
    // Unbounded, the same events would all have gone.
    expect(sent.filter((message) => message.event === 'agentsChanged').length).toBe(80);
    expect(events.length).toBeLessThan(80);
    expect(missed).toBe(0);
    readQueued();
    expect(missed).toBe(1);
    expect(posted.at(-1)).toMatchObject({ reload: true });
    readQueued();
    const seen = events.length;
    await page.addAgent({ name: 'after', servers: '*' });
    expect(events.length).toBe(seen + 1);
    expect(missed).toBe(1);
    stop();
  });

  it('reads the tray model from the real core: a command awaiting approval asks for attention', async () => {
    const { page, stop } = await open();
    await page.addServer({ name: 'everything', config: everythingServer() });
    const read = async () => trayModel((await page.status()).servers, await page.listApprovals({}), await page.bridgeInfo({}));
    const pending = await read();
    expect(pending.icon).toBe('attention');
    expect(pending.tooltip).toContain('1 command to approve');
    expect(pending.items.map((i) => (i.kind === 'separator' ? '---' : i.label))).toContain('everything — pending approval of its command');
    await page.approveServer({ name: 'everything' });
    const approved = await read();
    expect(approved.icon).toBe('ok');
    expect(approved.items.find((i) => i.kind === 'action' && i.label === 'Copy bridge address')).toMatchObject({ enabled: true });
    stop();
  });
});

// Guard against a fixture path that silently stopped existing.
it('has the reference server the tests add', () => {
  expect(existsSync(everythingServer().args?.[0] ?? '')).toBe(true);
});
