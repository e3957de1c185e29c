import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

interface Report {
  added: { name: string }[];
  skipped: { name: string; reason: string }[];
}

// The bridge may run on another port than the configured one (serve --bridge-port 0 here): an entry
// calling it, under any name, is still the bridge, not a service.
describe('the App API import while the bridge runs on a port of its own', () => {
  let served: Served | undefined;
  afterAll(async () => {
    await served?.stop();
  });

  it('skips a renamed entry calling the running bridge, and imports a local server on another port', async () => {
    const home = tempHome('cs-serve-import-own-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    const user = mkdtempSync(join(tmpdir(), 'cs-serve-import-own-home-'));
    const file = join(user, '.claude.json');
    writeFileSync(file, '{}');
    const env = { HOME: user, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_PASSPHRASE: 'serve-import-own' };
    served = await startServe(home, [], env);
    expect(served.bridge).not.toBeNull();

    const added = await served.api('addAgent', { name: 'bot', servers: [] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const connected = await served.api('connectClient', { agent: 'bot', client: 'claude-code' });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, { url?: string }> };
    const entry = written.mcpServers['connected-services-bot'];
    expect(entry?.url).toBe(served.bridge);
    // Renamed by hand, and its helper taken out: only the address says it is the bridge.
    writeFileSync(file, JSON.stringify({ mcpServers: { mine: { type: 'http', url: entry?.url }, local: { type: 'http', url: 'http://127.0.0.1:8931/mcp' } } }));

    const answer = await served.api('importConfig', { source: 'claude-code', path: file });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body.result as Report;
    expect(report.added.map((a) => a.name)).toEqual(['local']);
    expect(report.skipped.map((s) => [s.name, s.reason.split(',')[0]])).toEqual([['mine', "this is Connected Services' own bridge"]]);
    const status = await served.api('status', {});
    expect(status.status).toBe(200);
    const servers = (status.body.result as { servers: { name: string }[] }).servers.map((row) => row.name);
    expect(servers).toContain('local');
    expect(servers).not.toContain('mine');
  }, 180_000);
});
