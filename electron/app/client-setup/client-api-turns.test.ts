import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AgentStore } from '../../bridge';
import type * as Lock from './agent-connect-lock';
import { createClientApi } from './client-api';

/** What ran under the agent's lock: the lock's data folder and agent, and the client file as fn left it. */
const seen = vi.hoisted(() => ({ file: '', runs: [] as { dataDir: string | undefined; agent: string; before: string; after: string }[] }));

vi.mock('./agent-connect-lock', async (importOriginal) => {
  const real = await importOriginal<typeof Lock>();
  const withAgentConnectLock = async <T>(dataDir: string | undefined, agent: string, fn: () => Promise<T>): Promise<T> =>
    real.withAgentConnectLock(dataDir, agent, async () => {
      const before = readFileSync(seen.file, 'utf8');
      const result = await fn();
      seen.runs.push({ dataDir, agent, before, after: readFileSync(seen.file, 'utf8') });
      return result;
    });
  return { ...real, withAgentConnectLock };
});

/** Connect and disconnect write the client file holding the agent's lock (another process's connect waits for it). */
describe('connect and disconnect hold the agent lock in the data folder', () => {
  it('writes the entry, and removes it, under connect-a1.lock', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-client-turns-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cs-client-turns-data-'));
    const agents = AgentStore.open({ dataDir });
    await agents.add('a1', { servers: [] });
    seen.file = path.join(home, '.cursor', 'mcp.json');
    mkdirSync(path.dirname(seen.file));
    writeFileSync(seen.file, '{"mcpServers":{}}\n');
    const api = createClientApi({ agents, dataDir, bridgeUrl: () => 'http://127.0.0.1:1/mcp', context: () => ({ home, platform: 'linux', env: {} }) });
    await api.connectClient({ agent: 'a1', client: 'cursor' });
    await api.disconnectClient({ agent: 'a1', client: 'cursor' });
    expect(seen.runs.map(({ dataDir: dir, agent }) => [dir, agent])).toEqual([
      [dataDir, 'a1'],
      [dataDir, 'a1'],
    ]);
    const [connect, disconnect] = seen.runs;
    expect(connect?.before).not.toContain('connected-services-a1');
    expect(connect?.after).toContain('connected-services-a1');
    expect(disconnect?.before).toContain('connected-services-a1');
    expect(disconnect?.after).not.toContain('connected-services-a1');
  });
});
