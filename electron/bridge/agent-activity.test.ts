import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_ACTIVITY_FILE, AgentActivity } from './agent-activity';

describe('AgentActivity writes', () => {
  it('a run that served no agent writes nothing (so a data folder that cannot be written is not reported twice)', async () => {
    const missing = path.join(mkdtempSync(path.join(tmpdir(), 'cs-activity-')), 'not-there');
    const lines: string[] = [];
    const activity = new AgentActivity({ dataDir: missing, log: (line) => lines.push(line) });
    await activity.load();
    await activity.close(() => true);
    expect(lines).toEqual([]);
    // Once an agent was served, a failing write is still said.
    activity.used('helper', 5);
    await activity.close(() => true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^writing agent-activity\.json failed \(ENOENT\)/);
  });

  it('still forgets a removed agent, and rewrites a file of another shape, with nothing new seen', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cs-activity-'));
    const file = path.join(dataDir, AGENT_ACTIVITY_FILE);
    writeFileSync(file, JSON.stringify({ version: 1, lastUsed: { gone: 1, kept: 2 } }));
    const first = new AgentActivity({ dataDir, log: () => undefined });
    await first.load();
    await first.close((agent) => agent !== 'gone');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, lastUsed: { kept: 2 }, protocol: {} });

    writeFileSync(file, '{"version": 99}');
    const second = new AgentActivity({ dataDir, log: () => undefined });
    await second.load();
    await second.close(() => true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, lastUsed: {}, protocol: {} });
  });
});
