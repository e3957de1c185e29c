import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../shared/api';
import type { Pool } from '../../pool';
import { createAppsApi } from './apps-api';
import { AppsHost } from './apps-host';

const TOOLS: ToolInfo[] = [
  { server: 'map', name: 'show', inputSchema: { type: 'object' }, app: { resourceUri: 'ui://map/app.html', visibility: ['model', 'app'] } },
  { server: 'map', name: 'pan', inputSchema: { type: 'object' }, app: { visibility: ['app'] }, annotations: { readOnlyHint: true } },
];

const pool = {
  tools: () => Promise.resolve(TOOLS),
  start: () => Promise.resolve({}),
  readResource: (_server: string, uri: string) => Promise.resolve({ contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text: '<!doctype html><p>map</p>' }] }),
  callTool: () => Promise.resolve({ content: [{ type: 'text', text: 'moved' }] }),
} as unknown as Pool;

const MINUTE = 60_000;

describe('an open app stays open while its panel keeps it', () => {
  it('answers an hour later when kept every minute; one nobody keeps expires ten minutes after its last use', async () => {
    let now = 0;
    const host = new AppsHost({ now: () => now });
    host.setOrigin('http://127.0.0.1:5555');
    const api = createAppsApi({ pool, host, settled: () => Promise.resolve() });
    const kept = await api.openApp({ server: 'map', tool: 'show' });
    const used = await api.openApp({ server: 'map', tool: 'show' });
    const left = await api.openApp({ server: 'map', tool: 'show' });
    for (now = MINUTE; now <= 60 * MINUTE; now += MINUTE) {
      await expect(api.keepApp({ appId: kept.appId })).resolves.toEqual({ ok: true });
      // A call is a use too: the app that calls every nine minutes stays.
      if (now % (9 * MINUTE) === 0) await expect(api.callAppTool({ appId: used.appId, tool: 'pan' })).resolves.toMatchObject({ content: [{ text: 'moved' }] });
    }
    await expect(api.callAppTool({ appId: kept.appId, tool: 'pan' })).resolves.toMatchObject({ content: [{ text: 'moved' }] });
    expect(host.shelf.get(used.appId)).toBeDefined();
    await expect(api.callAppTool({ appId: left.appId, tool: 'pan' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(api.keepApp({ appId: left.appId })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps nothing after Close, and the command line keeps only the apps it opened', async () => {
    const host = new AppsHost();
    host.setOrigin('http://127.0.0.1:5555');
    const api = createAppsApi({ pool, host, settled: () => Promise.resolve() });
    const persons = await api.openApp({ server: 'map', tool: 'show' }, 'app');
    await expect(api.keepApp({ appId: persons.appId }, 'cli')).rejects.toMatchObject({ code: 'not_found', message: 'That app was closed or has expired' });
    await expect(api.keepApp({ appId: persons.appId }, 'ipc')).resolves.toEqual({ ok: true });
    const own = await api.openApp({ server: 'map', tool: 'show' }, 'cli');
    await expect(api.keepApp({ appId: own.appId }, 'cli')).resolves.toEqual({ ok: true });
    await api.closeApp({ appId: persons.appId });
    await expect(api.keepApp({ appId: persons.appId })).rejects.toMatchObject({ code: 'not_found' });
  });
});
