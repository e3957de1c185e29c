import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'library-code-server-hints-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const NEVER_READY = fileURLToPath(new URL('../fixtures/servers/never-ready.mjs', import.meta.url));

// A server declared in code that did not start was hinted to be raised "in mcp.json" with `connected-services doctor`,
// and one of mcp.json's still with commands: a program's entry is in its own code, and what it runs is a method.
describe('the hints of a server declared in code', () => {
  let cs: ConnectedServices | undefined;
  afterEach(async () => {
    await cs?.close();
    cs = undefined;
  });

  it("speak of the program's own servers and methods; a server of mcp.json's keeps its file but names methods too", async () => {
    const entry = { command: process.execPath, args: [NEVER_READY], startupTimeoutMs: 1_000 };
    cs = await openConnectedServices({ home: await passphraseHome(ENV, 'cs-library-code-hints-'), env: { ...process.env, ...ENV }, servers: { slow: entry } });
    await cs.approveServer('slow');
    const fromCode = await cs.callTool('slow', 'anything').catch((error: unknown) => error);
    expect(fromCode).toMatchObject({ code: 'timeout', message: '"slow" did not finish starting within 1 s' });
    expect((fromCode as { hint: string }).hint).toBe('check that its command runs an MCP server (run `cs.api.doctor()`), or raise "startupTimeoutMs" of "slow" in the servers given to openConnectedServices');
    await cs.addServer('stored', entry);
    await cs.approveServer('stored');
    // A server of mcp.json's keeps its file, but a program is never told a command to type.
    await expect(cs.callTool('stored', 'anything')).rejects.toMatchObject({ hint: 'check that its command runs an MCP server (run `cs.api.doctor()`), or raise "startupTimeoutMs" of "stored" in mcp.json' });
  }, 120_000);
});
