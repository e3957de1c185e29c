import { describe, expect, it } from 'vitest';
import type { AdminEntry, RegistryState } from '../../../shared/api';
import { refreshAndRecord } from './background-refresh';

type Recorded = Omit<AdminEntry, 'id' | 'time'>;
const recorder = (): { entries: Recorded[]; record: (entry: Recorded) => AdminEntry } => {
  const entries: Recorded[] = [];
  return { entries, record: (entry) => (entries.push(entry), { ...entry, id: 'x', time: 0 }) };
};
const official = { base: 'https://registry.modelcontextprotocol.io', label: 'Official MCP Registry' } as RegistryState;

// The background refresh wrote nothing to Activity, while a refresh the person asked for did.
describe('a refresh nobody asked for, in the admin log', () => {
  it('is one quiet line as the app\'s own doing when it worked', async () => {
    const admin = recorder();
    expect(await refreshAndRecord({ refresh: () => Promise.resolve([official]) }, admin)).toBeUndefined();
    expect(admin.entries).toEqual([{ who: 'core', method: 'refreshRegistries', summary: expect.stringContaining('on its own') as unknown, input: {}, outcome: 'ok' }]);
  });

  it('says a registry never fetched is fetched, not that its catalog was old, as an action like every other line', async () => {
    const admin = recorder();
    await refreshAndRecord({ refresh: () => Promise.resolve([official]) }, admin, 'unread');
    await refreshAndRecord({ refresh: () => Promise.resolve([official]) }, admin, 'stale');
    expect(admin.entries.map((e) => e.summary)).toEqual([
      "fetch the MCP registries' catalog on its own (a registry had not been fetched yet)",
      'check the MCP registries for new entries on its own (the catalog was older than six hours)',
    ]);
  });

  it('says why a registry could not be refreshed, its last catalog kept', async () => {
    const admin = recorder();
    const failed = { ...official, lastFailure: { message: 'HTTP 503 from the registry', at: 1 } } as RegistryState;
    const failure = await refreshAndRecord({ refresh: () => Promise.resolve([failed]) }, admin);
    expect(failure).toBe('the registry could not be refreshed (Official MCP Registry: HTTP 503 from the registry)');
    expect(admin.entries).toMatchObject([{ who: 'core', method: 'refreshRegistries', outcome: 'failed', error: failure }]);
  });

  it('says why a refresh that threw failed, redacted', async () => {
    const admin = recorder();
    const failure = await refreshAndRecord({ refresh: () => Promise.reject(new Error('mcp.json does not load: token ghp_abcdefghijklmnopqrstuvwxyz0123456789')) }, admin);
    expect(admin.entries).toMatchObject([{ who: 'core', outcome: 'failed', error: failure }]);
    expect(failure).toContain('mcp.json does not load');
    expect(failure).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
  });
});
