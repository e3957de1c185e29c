import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentStore } from '../../bridge';
import { createClientApi } from './client-api';
import { entryAgent } from './entry-owner';

/** Two agents whose names fold to one client entry, as an agents.json from before `agents add` refused them holds. */
async function twins(): Promise<{ agents: AgentStore; api: ReturnType<typeof createClientApi>; file: string; home: string }> {
  const home = mkdtempSync(path.join(tmpdir(), 'cs-entry-owner-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cs-entry-owner-data-'));
  const writer = AgentStore.open({ dataDir });
  await writer.add('team-a', { servers: [] });
  await writer.add('other', { servers: [] });
  writeFileSync(writer.file, readFileSync(writer.file, 'utf8').replace('"other"', '"Team A"'));
  const agents = AgentStore.open({ dataDir, recheckMs: 0 });
  const api = createClientApi({ agents, bridgeUrl: () => 'http://127.0.0.1:1/mcp', context: () => ({ home, platform: 'linux', env: {} }) });
  return { agents, api, file: path.join(home, '.cursor', 'mcp.json'), home };
}

describe('an entry two agents share by name', () => {
  it('is neither written over nor removed by the agent it is not', async () => {
    const { agents, api, file } = await twins();
    expect(agents.list().map((a) => a.name).sort()).toEqual(['Team A', 'team-a']);
    await api.connectClient({ agent: 'Team A', client: 'cursor' });
    const written = readFileSync(file, 'utf8');
    const refusal = { code: 'invalid_input', message: `the entry "connected-services-team-a" in ${file} is agent "Team A"'s: "team-a" and "Team A" differ only in case, spaces or punctuation, so they share one entry` };
    await expect(api.planClientConnection({ agent: 'team-a', client: 'cursor' })).rejects.toMatchObject(refusal);
    await expect(api.connectClient({ agent: 'team-a', client: 'cursor' })).rejects.toMatchObject(refusal);
    await expect(api.disconnectClient({ agent: 'team-a', client: 'cursor' })).rejects.toMatchObject(refusal);
    expect(readFileSync(file, 'utf8')).toBe(written);
    // Its own agent still connects again and disconnects; then the other may take the free name.
    await api.connectClient({ agent: 'Team A', client: 'cursor' });
    await api.disconnectClient({ agent: 'Team A', client: 'cursor' });
    await api.connectClient({ agent: 'team-a', client: 'cursor' });
    const token = /Bearer (\S+)"/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    expect(agents.authenticate(token)?.name).toBe('team-a');
  });

  it("is told by the agent a VS Code entry names, whose token VS Code keeps", async () => {
    const { agents, api, home } = await twins();
    await api.connectClient({ agent: 'Team A', client: 'vscode' });
    const file = path.join(home, '.config', 'Code', 'User', 'mcp.json');
    const written = readFileSync(file, 'utf8');
    expect(written).toContain('${input:connected-services-token-team-a}');
    const refusal = { code: 'invalid_input', message: `the entry "connected-services-team-a" in ${file} is agent "Team A"'s: "team-a" and "Team A" differ only in case, spaces or punctuation, so they share one entry` };
    await expect(api.connectClient({ agent: 'team-a', client: 'vscode' })).rejects.toMatchObject(refusal);
    await expect(api.disconnectClient({ agent: 'team-a', client: 'vscode' })).rejects.toMatchObject(refusal);
    expect(readFileSync(file, 'utf8')).toBe(written);
    // Its own agent connects again and disconnects; then the other may take the free name.
    await api.connectClient({ agent: 'Team A', client: 'vscode' });
    await api.disconnectClient({ agent: 'Team A', client: 'vscode' });
    await api.connectClient({ agent: 'team-a', client: 'vscode' });
    const servers = (JSON.parse(readFileSync(file, 'utf8')) as { servers: Record<string, unknown> }).servers;
    expect(entryAgent(servers['connected-services-team-a'], agents)).toBe('team-a');
  });

  it('is told by its token, or by the agent its helper names (argument list or shell line)', async () => {
    const { agents } = await twins();
    expect(entryAgent({ command: 'node', args: ['cli.js', 'bridge', '--stdio', '--agent', 'Team A'] }, agents)).toBe('Team A');
    expect(entryAgent({ type: 'http', url: 'u', headersHelper: "'/usr/bin/node' cli.js headers --agent 'Team A'" }, agents)).toBe('Team A');
    expect(entryAgent({ type: 'http', url: 'u', headersHelper: 'node cli.js headers --agent team-a' }, agents)).toBe('team-a');
    expect(entryAgent({ url: 'u', headers: { Authorization: 'Bearer cs_agent_unknown' } }, agents)).toBeUndefined();
    expect(entryAgent({ type: 'http', url: 'u', headers: { Authorization: 'Bearer ${input:connected-services-token-team-a}', 'X-Connected-Services-Agent': 'Team A' } }, agents)).toBe('Team A');
    // Written before VS Code entries named their agent: refused to both twins, as "may be" the other's.
    expect(entryAgent({ url: 'u', headers: { Authorization: 'Bearer ${input:connected-services-token-team-a}' } }, agents)).toBeUndefined();
  });
});
