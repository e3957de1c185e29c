import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConnectedServices } from '../../electron/library';
import { EVERYTHING } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';

// A program opening a new data folder got the app's two demo servers, written to mcp.json and approved
// without the person seeing them: their names taken (a server of its own named `everything` was
// "declared twice"), their tools in its listings. A program's new folder starts empty.
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'library-new-folder-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

describe('a program opening a new data folder', () => {
  it('finds it empty: no demo servers, nothing approved for it, and the names free for its own', async () => {
    const home = tempHome('cs-library-new-');
    const cs = await openConnectedServices({ home, env: { ...process.env, ...ENV }, servers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    try {
      expect((await cs.listServers()).map((s) => [s.name, s.fromCode === true])).toEqual([['everything', true]]);
    } finally {
      await cs.close();
    }
    expect(JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8'))).toEqual({ mcpServers: {} });
    expect(existsSync(join(home, 'demo'))).toBe(false);
    const approvals = existsSync(join(home, 'approvals.json')) ? readFileSync(join(home, 'approvals.json'), 'utf8') : '';
    expect(approvals).not.toContain('server-memory');
  }, 60_000);
});
