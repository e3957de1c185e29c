import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { APP_MIME_TYPE, resourceApp } from '../../electron/mcp-apps';
import { appServer } from '../fixtures/servers/config';
import { tempDir } from '../support/server-harness';

const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('the pool with the MCP Apps reference servers (SEP-1865)', () => {
  it('keeps each tool’s app and visibility, and reads the app’s document', async () => {
    const pool = createPool({ cacheDir: tempDir('pool-apps-') });
    pools.push(pool);
    await pool.apply({ mcpServers: { basic: appServer('basic-vanillajs'), monitor: appServer('system-monitor') } });

    expect((await pool.start('basic')).state).toBe('ready');
    const basic = await pool.tools('basic');
    expect(basic.find((t) => t.name === 'get-time')?.app).toEqual({ resourceUri: 'ui://get-time/mcp-app.html', visibility: ['model', 'app'] });

    expect((await pool.start('monitor')).state).toBe('ready');
    const monitor = await pool.tools('monitor');
    expect(monitor.find((t) => t.name === 'get-system-info')?.app?.resourceUri).toBe('ui://system-monitor/mcp-app.html');
    // The app polls with a tool its model never sees.
    expect(monitor.find((t) => t.name === 'poll-system-stats')?.app).toEqual({ visibility: ['app'] });

    const read = await pool.readResource('basic', 'ui://get-time/mcp-app.html');
    const [content] = read.contents;
    expect(content?.['mimeType']).toBe(APP_MIME_TYPE);
    expect(String(content?.['text'])).toMatch(/<html/i);
    expect(resourceApp(content?.['_meta'])).toBeTypeOf('object');
  }, 60_000);
});
