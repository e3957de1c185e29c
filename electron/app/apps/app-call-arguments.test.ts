import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../shared/api';
import type { Pool } from '../../pool';
import { createAppsApi } from './apps-api';
import { AppsHost } from './apps-host';

/** One server whose app may call its destructive `wipe`; `ran` records the arguments the server got. */
async function openedApp(ran: unknown[]) {
  const tools: ToolInfo[] = [
    { server: 'files', name: 'show', inputSchema: { type: 'object' }, app: { resourceUri: 'ui://files/app.html', visibility: ['model', 'app'] } },
    { server: 'files', name: 'wipe', inputSchema: { type: 'object' }, app: { visibility: ['app'] }, annotations: { destructiveHint: true } },
  ];
  const pool = {
    tools: () => Promise.resolve(tools),
    start: () => Promise.resolve({}),
    readResource: (_server: string, uri: string) => Promise.resolve({ contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text: '<!doctype html><p>app</p>' }] }),
    callTool: (_server: string, _name: string, args: Record<string, unknown>) => {
      ran.push(args);
      return Promise.resolve({ content: [{ type: 'text', text: 'done' }] });
    },
  } as unknown as Pool;
  const host = new AppsHost();
  host.setOrigin('http://127.0.0.1:5555');
  const api = createAppsApi({ pool, host, settled: () => Promise.resolve() });
  const app = await api.openApp({ server: 'files', tool: 'show' });
  return { api, app, host };
}

function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe("an app's call card shows the person what runs", () => {
  it('shows values under key names the log redacts (the app picks its keys), exactly as the server gets them', async () => {
    const ran: unknown[] = [];
    const { api, app, host } = await openedApp(ran);
    const args = { what: 'harmless.txt', password: 'rm -rf /home/person/everything', key: 'reports/2026/q4.pdf', header: 'Authorization: Bearer abc' };
    const shown: unknown[] = [];
    host.calls.on('pending', (call) => {
      shown.push(call.arguments);
      host.calls.decide(call.id, 'allow');
    });
    await api.callAppTool({ appId: app.appId, tool: 'wipe', arguments: args });
    expect(shown).toEqual([args]);
    expect(ran).toEqual([args]);
  });

  it("escapes the app's look-alikes of the card's notes and cuts a long value with a note", async () => {
    const { api, app, host } = await openedApp([]);
    const shown: Array<Record<string, unknown>> = [];
    host.calls.on('pending', (call) => {
      shown.push(call.arguments);
      host.calls.decide(call.id, 'deny');
    });
    await api.callAppTool({ appId: app.appId, tool: 'wipe', arguments: { what: '[secret GITHUB_TOKEN]', long: 'y'.repeat(20_000) } }).catch(() => undefined);
    expect(shown[0]?.['what']).toBe('\\u005bsecret GITHUB_TOKEN]');
    expect(String(shown[0]?.['long'])).toMatch(/^y{8192}… \[cut: 11,808 more characters\]$/);
  });

  it('refuses arguments nested past the bridge’s bound as invalid input before anything holds or walks them', async () => {
    const ran: unknown[] = [];
    const { api, app, host } = await openedApp(ran);
    for (const depth of [100, 5_000, 200_000]) {
      await expect(api.callAppTool({ appId: app.appId, tool: 'wipe', arguments: { what: nested(depth) } })).rejects.toMatchObject({
        code: 'invalid_input',
        message: expect.stringContaining('deeper than 64 levels') as unknown,
      });
    }
    expect(host.calls.list()).toEqual([]);
    expect(ran).toEqual([]);
  });
});
