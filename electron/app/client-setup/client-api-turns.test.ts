import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { setUpClientApi } from '../../../test/support/client-api-setup';
import type * as Lock from './agent-connect-lock';

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
    const { dataDir, file, api } = await setUpClientApi('cs-client-turns', { cursorFile: () => '{"mcpServers":{}}\n', withDataDir: true });
    seen.file = file;
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
