import { describe, expect, it } from 'vitest';
import { EVERYTHING, MEMORY } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';

// A command edited while its cached listing is the old command's: `status` showed the old program's
// tool count as the server's, though nothing of the new one had been listed.
describe('status of a server whose command was edited since it last listed its tools', () => {
  it("says its count is from before the edit, until it starts again", async () => {
    const home = tempHome('cs-status-edited-');
    const added = await runCli(home, ['servers', 'add', 'notes', '--connect', '--yes', '--', process.execPath, MEMORY]);
    expect(added.code, added.stderr).toBe(0);
    const before = await runCli(home, ['status']);
    const count = /^notes\s+stdio\s+\S+\s+.*?\s(\d+)\s/m.exec(before.stdout)?.[1];
    expect(count, before.stdout).toBeDefined();
    expect(before.stdout).not.toContain('before edit');

    const edited = await runCli(home, ['servers', 'edit', 'notes', '--', process.execPath, EVERYTHING]);
    expect(edited.code, edited.stderr).toBe(0);
    const after = await runCli(home, ['status']);
    expect(after.stdout).toContain(`${count ?? ''} before edit`);
    const json = JSON.parse((await runCli(home, ['status', '--json'])).stdout) as { servers: Array<{ name: string; inventoryStale?: boolean }> };
    expect(json.servers.find((s) => s.name === 'notes')?.inventoryStale).toBe(true);
  }, 90_000);
});
