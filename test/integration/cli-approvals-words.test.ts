import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

// `approvals` is about calls; a server's own approval is `servers approve`. Said so, and allow and deny alike.
describe('approvals, worded for what waits', () => {
  let home: string;
  let served: Served;
  beforeAll(async () => {
    home = tempHome('cs-approvals-words-');
    served = await startServe(home);
  });
  afterAll(async () => {
    await served.stop();
  });

  it('says no call waits, and names a server whose own approval waits with the command that gives it', async () => {
    // Written by hand, as every program of the user could write it: it waits for the person's approval.
    const file = join(home, 'mcp.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
    writeFileSync(file, JSON.stringify({ ...config, mcpServers: { ...config.mcpServers, local: { command: 'node', args: ['-e', '0'] } } }));
    await eventually(async () => {
      const { servers } = (await served.api('status')).body.result as { servers: { name: string; approval: string }[] };
      return servers.find((s) => s.name === 'local' && s.approval === 'pending');
    });
    const list = await runCli(home, ['approvals', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toBe('No call is waiting for approval.\n');
    expect(list.stderr).toBe('note: local waits for your approval of its command before it runs: connected-services servers approve local\n');
    // --json stays the list of calls alone.
    const json = await runCli(home, ['approvals', 'list', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([]);
  });

  it('refuses an unknown id in the same words for allow and deny', async () => {
    const allow = await runCli(home, ['approvals', 'allow', 'a-nosuch']);
    const deny = await runCli(home, ['approvals', 'deny', 'a-nosuch']);
    expect([allow.code, deny.code]).toEqual([3, 3]);
    const words = 'error [not_found]: No call is waiting for approval under id "a-nosuch"\n  hint: It may have been decided or timed out; see `connected-services approvals list`\n';
    expect(allow.stderr).toBe(words);
    expect(deny.stderr).toBe(words);
  });

  it("says a command's own request waits for confirmation in the app, when given to approvals or listed", async () => {
    const waiting = await runCli(home, ['agents', 'add', 'waiter']);
    expect(waiting.code).toBe(4);
    const id = /Request (c-[0-9a-f]+)/.exec(waiting.stderr)?.[1] ?? '';
    expect(id).toMatch(/^c-/);
    const said = `error [invalid_input]: ${id} is a change waiting for your confirmation in the app, not a call an agent waits on\n  hint: Confirm or refuse it in Connected Services (Activity → Waiting for you); \`connected-services approvals\` decides the calls agents wait on\n`;
    for (const decision of ['allow', 'deny']) {
      const decided = await runCli(home, ['approvals', decision, id]);
      expect(decided.code, decision).toBe(2);
      expect(decided.stderr).toBe(said);
    }
    const list = await runCli(home, ['approvals', 'list']);
    expect(list.stdout).toBe('No call is waiting for approval.\n');
    expect(list.stderr).toContain(`note: 1 change waits for your confirmation in the app (${id}), not here: confirm or refuse it in Connected Services`);
  });
});
