import { describe, expect, it } from 'vitest';
import { everythingServer } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A typo in the agent a client's helper names (`bridge headers --agent`), or in the tool of a rule,
// was answered without the name likely meant, where `agents connect` and `call` suggest one.
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'agent-name-suggestions' };

describe('a mistyped agent or tool name', () => {
  it('is answered with the one likely meant', async () => {
    const home = tempHome('cs-agent-suggest-');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { everything: everythingServer() } }), { mode: 0o600 });
    expect((await runCli(home, ['servers', 'approve', 'everything', '--yes'], { env: ENV })).code).toBe(0);
    expect((await runCli(home, ['agents', 'add', 'Cursor Bot', '--servers', 'everything'], { env: ENV })).code).toBe(0);
    const headers = await runCli(home, ['bridge', 'headers', '--agent', 'Cursor Bt'], { env: ENV });
    expect(headers.code).toBe(3);
    expect(headers.stderr).toContain('error [not_found]: No agent named "Cursor Bt"');
    expect(headers.stderr).toContain('hint: Did you mean Cursor Bot? It may have been removed');
    expect((await runCli(home, ['tools', 'everything'], { env: ENV, timeoutMs: 60_000 })).code).toBe(0);
    const rule = await runCli(home, ['agents', 'set', 'Cursor Bot', '--tool', 'everything/ech=deny'], { env: ENV });
    expect(rule.code).toBe(2);
    expect(rule.stderr).toContain('error [invalid_input]: "everything" has no tool "ech" in its last inventory');
    expect(rule.stderr).toContain('hint: Did you mean echo? See `connected-services tools everything`');
  }, 90_000);
});
