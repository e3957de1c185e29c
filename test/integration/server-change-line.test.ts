import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

/** The admin log's lines of one method's done changes, oldest first (an offline change is also noted ahead, as pending). */
function summariesOf(home: string, method: string): string[] {
  return readFileSync(join(home, 'audit', 'admin.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { method: string; summary: string; outcome: string })
    .filter((entry) => entry.method === method && entry.outcome === 'ok')
    .map((entry) => entry.summary);
}

describe("Activity's line for a server's edit", () => {
  it('names only what changes, and variables by name, never their values', async () => {
    const home = tempHome('cs-server-line-');
    const added = await runCli(home, ['servers', 'add', 'files', '--env', 'MODE=fast', '--', 'node', 'a.js']);
    expect(added.code, added.stderr).toBe(0);
    const edit = await runCli(home, ['servers', 'edit', 'files', '--arg', 'b.js', '--env', 'REGION=eu-west-9', '--unset-env', 'MODE', '--timeout', '5000']);
    expect(edit.code, edit.stderr).toBe(0);
    const lines = summariesOf(home, 'updateServer');
    expect(lines).toEqual(['change the server "files": arguments a.js → b.js; environment REGION added; environment MODE removed; call timeout default → 5000 ms']);
    expect(lines.join('\n')).not.toContain('eu-west-9');
  }, 60_000);
});
