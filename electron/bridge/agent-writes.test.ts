import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentStore, type AgentsFileEdit } from './index';
import { reaches } from './agent-writes';

describe('agents.json edits by something else', () => {
  it('tells a hand edit against the agents held before it, not this or another store\'s own writes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cs-agent-writes-'));
    const app = AgentStore.open({ dataDir });
    const command = AgentStore.open({ dataDir });
    const edits: AgentsFileEdit[] = [];
    app.on('edited', (edit) => edits.push(edit));
    await app.add('mine', { servers: ['github'] });
    // Another process's store (a command run while the app runs) writes twice before the app reads.
    await command.add('theirs', { servers: [] });
    await command.update('theirs', { servers: ['github'] });
    app.reload();
    expect(app.list().map((a) => a.name)).toEqual(['mine', 'theirs']);
    expect(edits).toEqual([]);

    const file = JSON.parse(readFileSync(app.file, 'utf8')) as { version: 1; agents: { name: string; servers: string[] }[] };
    writeFileSync(app.file, JSON.stringify({ version: 1, agents: file.agents.map((a) => (a.name === 'mine' ? { ...a, servers: ['*'] } : a)) }));
    app.reload();
    expect(edits).toHaveLength(1);
    expect(edits[0]?.before.find((a) => a.name === 'mine')?.servers).toEqual(['github']);
    expect(edits[0]?.after.find((a) => a.name === 'mine')?.servers).toEqual(['*']);
    expect(edits[0]?.after[0]).not.toHaveProperty('tokenHash');

    // A store that writes on top of an edit it had not read yet tells it first.
    const onCommand: AgentsFileEdit[] = [];
    command.on('edited', (edit) => onCommand.push(edit));
    await command.remove('theirs');
    expect(onCommand).toHaveLength(1);
    app.reload();
    expect(edits).toHaveLength(1);
  });

  it('follows a chain of writes, and none back to an older text', () => {
    const writes = [{ from: 'a', to: 'b' }, { from: 'b', to: 'x' }, { from: 'b', to: 'c' }];
    expect(reaches(writes, 'a', 'c')).toBe(true);
    expect(reaches(writes, 'a', 'a')).toBe(true);
    expect(reaches(writes, 'c', 'a')).toBe(false);
    expect(reaches(writes, 'z', 'c')).toBe(false);
  });
});
