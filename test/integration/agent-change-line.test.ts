import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

/** The admin log's lines of one method, oldest first. */
function summariesOf(home: string, method: string): string[] {
  return readFileSync(join(home, 'audit', 'admin.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { method: string; summary: string })
    .filter((entry) => entry.method === method)
    .map((entry) => entry.summary);
}

describe("Activity's line for an agent's change", () => {
  it('names only the settings that change, from what to what', async () => {
    const home = tempHome('cs-agent-line-');
    const added = await runCli(home, ['agents', 'add', 'helper']);
    expect(added.code, added.stderr).toBe(0);
    // read=allow is what it has: given again, it is no change.
    const set = await runCli(home, ['agents', 'set', 'helper', '--tool-mode', 'search', '--policy', 'read=allow']);
    expect(set.code, set.stderr).toBe(0);
    expect(summariesOf(home, 'updateAgent')).toEqual(['change the agent "helper": tool mode all → search']);
  }, 60_000);
});
