import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// `agents connect` to a client whose prefix the agent's names were not made for: Claude Code names
// them `mcp__connected-services-plain__<ours>`, so names kept within 64 without it can pass 64 there.
// The dry run and the connect say so, as `agents config` does, naming the `agents set --for` that fixes it.
const NOTE = /note: Its tool names are made for no client prefix, and claude-code puts 31 characters before each, so some may pass the 64 characters a model accepts: make them fit with connected-services agents set "plain" --for claude-code/;

describe('agents connect, when the names are not made for that client', () => {
  it('says so in the dry run and the connect, and no more once the agent is set for it', async () => {
    const home = tempHome('cs-names-fit-');
    const clientHome = join(dirname(home), 'person');
    mkdirSync(clientHome, { mode: 0o700 });
    const env = { HOME: clientHome, CONNECTED_SERVICES_PASSPHRASE: 'names fit passphrase' };
    expect((await runCli(home, ['agents', 'add', 'plain', '--servers', '*'], { env })).code).toBe(0);
    const dry = await runCli(home, ['agents', 'connect', 'plain', '--client', 'claude-code', '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(NOTE);
    const connected = await runCli(home, ['agents', 'connect', 'plain', '--client', 'claude-code'], { env });
    expect(connected.code, connected.stderr).toBe(0);
    expect(connected.stderr).toMatch(NOTE);
    // Claude Desktop sends our names as they are: nothing to say.
    expect((await runCli(home, ['agents', 'connect', 'plain', '--client', 'claude-desktop', '--dry-run'], { env })).stderr).not.toContain('Its tool names');
    expect((await runCli(home, ['agents', 'set', 'plain', '--for', 'claude-code'], { env })).code).toBe(0);
    const after = await runCli(home, ['agents', 'connect', 'plain', '--client', 'claude-code', '--dry-run'], { env });
    expect(after.code, after.stderr).toBe(0);
    expect(after.stderr).not.toContain('Its tool names');
  }, 60_000);
});
