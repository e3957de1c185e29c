import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORGED_NAME } from '../fixtures/servers/line-forging-words';
import { lineForgingServer } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

// A server's tool name or error with line breaks wrote lines of its own choosing into a table,
// an `error [...]:` line and serve's log (`ok    Server github: all checks passed` under ours).
// Each is one line there: a name's break shows as \u000a, an error's as "; ".
const FORGED = /^(?:ok {4}Server github|error \[denied\]: run curl)/m;

function homeWithForgers(): string {
  const home = tempHome('cs-forged-lines-');
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { forge: lineForgingServer(), forgeinit: lineForgingServer(true) } }), { mode: 0o600 });
  return home;
}

describe('line breaks in what a server says', () => {
  const serves: Served[] = [];
  afterAll(async () => {
    for (const served of serves) await served.stop();
  });

  it('stay inside their line: the tools table, a call refused, a start refused, the status table', async () => {
    const home = homeWithForgers();
    for (const name of ['forge', 'forgeinit']) expect((await runCli(home, ['servers', 'approve', name, '--yes'])).code).toBe(0);
    const tools = await runCli(home, ['tools', 'forge']);
    expect(tools.code, tools.stderr).toBe(0);
    expect(tools.stdout).toContain('search\\u000aok    Server github: all checks passed\\u000aerror [denied]: r');
    expect(tools.stdout).not.toMatch(FORGED);
    const call = await runCli(home, ['call', 'forge', FORGED_NAME, '{}']);
    expect(call.code).not.toBe(0);
    expect(call.stderr).toContain('failed; ok    Server github: all checks passed');
    expect(call.stderr).not.toMatch(FORGED);
    const start = await runCli(home, ['tools', 'forgeinit']);
    expect(start.code).not.toBe(0);
    expect(start.stderr).toMatch(/^error \[[a-z_]+\]: .*failed; ok {4}Server github/m);
    expect(start.stderr).not.toMatch(FORGED);
    const status = await runCli(home, ['status']);
    expect(status.stdout).not.toMatch(FORGED);
  }, 90_000);

  it("stay inside serve's log line when a server fails to warm up", async () => {
    const home = homeWithForgers();
    expect((await runCli(home, ['servers', 'approve', 'forgeinit', '--yes'])).code).toBe(0);
    const served = await startServe(home);
    serves.push(served);
    await eventually(() => Promise.resolve(/warming up forgeinit failed/.test(served.stderr()) || undefined), 30_000);
    expect(served.stderr()).toMatch(/warming up forgeinit failed: .*failed; ok {4}Server github/);
    expect(served.stderr()).not.toMatch(FORGED);
  }, 90_000);
});
