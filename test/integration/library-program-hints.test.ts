import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'library-program-hints-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const NEVER_READY = fileURLToPath(new URL('../fixtures/servers/never-ready.mjs', import.meta.url));

// Only a server declared in code had its hints in a program's words: the servers of the mcp.json a
// program opened, and errors naming no server, told it to run commands (`connected-services servers enable …`).
describe("the hints a program gets for mcp.json's servers and for errors of no server", () => {
  let cs: ConnectedServices | undefined;
  afterEach(async () => {
    await cs?.close();
    cs = undefined;
  });

  it('name the calls a program makes, never a command to type', async () => {
    const home = await passphraseHome(ENV, 'cs-library-program-hints-');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { off: { command: process.execPath, args: [NEVER_READY], enabled: false } } }), { mode: 0o600 });
    cs = await openConnectedServices({ home, env: { ...process.env, ...ENV } });
    const disabled = await cs.callTool('off', 'anything').catch((error: unknown) => error);
    expect(disabled).toMatchObject({
      code: 'denied',
      hint: 'enable it: `cs.api.setServerEnabled({ name: "off", enabled: true })` (or Enable in the app, or "enabled": true for "off" in mcp.json)',
    });
    const noAgent = await cs.removeAgent('nosuch').catch((error: unknown) => error);
    expect(noAgent).toMatchObject({ code: 'not_found', hint: 'See `cs.listAgents()`' });
    for (const error of [disabled, noAgent]) expect((error as { hint: string }).hint).not.toContain('connected-services');
  }, 120_000);
});
