import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { passphraseHome } from '../support/passphrase-home';
import { eventually } from '../support/serve';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'library-doctor-fixes-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const NEVER_READY = fileURLToPath(new URL('../fixtures/servers/never-ready.mjs', import.meta.url));

// The doctor's fixes reached a program as the command line words them (`connected-services servers
// remove Files, then servers add`, `servers prune-bundles`), commands a program cannot type.
describe("the doctor's fixes a program gets", () => {
  let cs: ConnectedServices | undefined;
  afterEach(async () => {
    await cs?.close();
    cs = undefined;
  });

  it('name the calls a program makes, never a command to type', async () => {
    const home = await passphraseHome(ENV, 'cs-library-doctor-fixes-');
    const server = { command: process.execPath, args: [NEVER_READY] };
    const mcpServers = { files: server, Files: server, a__b: server, web: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${secret:WEB_TOKEN}' } } };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers }), { mode: 0o600 });
    mkdirSync(join(home, 'bundles', `gone-${'0'.repeat(64)}`), { recursive: true });
    cs = await openConnectedServices({ home, env: { ...process.env, ...ENV } });
    const fixes = Object.fromEntries((await cs.api.doctor()).flatMap((check) => (check.fix !== undefined ? [[check.id, check.fix]] : [])));
    expect(fixes).toMatchObject({
      'name-case:Files': expect.stringContaining('`cs.removeServer("Files")`, then `cs.addServer(name, entry)`') as unknown,
      'name-separator:a__b': expect.stringContaining('`cs.removeServer("a__b")`, then `cs.addServer("a-b", entry)`') as unknown,
      'bundle-folders': "see them with the command line's servers prune-bundles --dry-run, then remove them with its servers prune-bundles (a person's to run: the App API has no call for it)",
    });
    for (const fix of Object.values(fixes)) expect(fix).not.toContain('connected-services');
    const status = await cs.api.status();
    expect(status.missingHeaderSecrets).toMatchObject([{ server: 'web', fix: '`cs.setSecret("WEB_TOKEN", value)`' }]);
  }, 120_000);

  // A server declared in code got the fixes of mcp.json's: `fix "command" in /…/mcp.json`, `servers edit`.
  it('speak of the servers given to openConnectedServices for a server declared in code, of mcp.json for its own', async () => {
    const home = await passphraseHome(ENV, 'cs-library-doctor-code-');
    const missing = { command: 'connected-services-test-no-such-command', args: [] };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { filed: missing } }), { mode: 0o600 });
    const leaky = { command: process.execPath, args: [NEVER_READY, '--token', '${secret:LEAKY_TOKEN}', '${secret:}'] };
    cs = await openConnectedServices({ home, env: { ...process.env, ...ENV }, servers: { coded: missing, leaky } });
    const fixes = Object.fromEntries((await cs.api.doctor()).flatMap((check) => (check.fix !== undefined ? [[check.id, check.fix]] : [])));
    expect(fixes).toMatchObject({
      'server:coded': 'Install connected-services-test-no-such-command or fix "command" in the servers given to openConnectedServices',
      'server:filed': `Install connected-services-test-no-such-command or fix "command" in ${join(home, 'mcp.json')}`,
      'argument-secrets:leaky': 'if leaky can read it from an environment variable, move it from "args" to "env" in the servers given to openConnectedServices',
      'references:leaky': '`cs.setSecret("LEAKY_TOKEN", value)`; fix the reference in the servers given to openConnectedServices',
    });
  }, 120_000);

  // Two servers differing only in case, one declared in code, were both said to be renamed "in mcp.json".
  it('say where each of two servers differing only in case is declared', async () => {
    const home = await passphraseHome(ENV, 'cs-library-doctor-case-');
    const server = { command: process.execPath, args: [NEVER_READY] };
    cs = await openConnectedServices({ home, env: { ...process.env, ...ENV }, servers: { files: server } });
    const open = cs;
    // Declaring a case twin of mcp.json's is refused: the file gains one afterwards, by hand.
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { Files: server } }), { mode: 0o600 });
    await eventually(async () => ((await open.listServers()).some((s) => s.name === 'Files') ? true : undefined));
    const twins = (await cs.api.doctor()).find((check) => check.id.startsWith('name-case:'));
    expect(twins?.fix).toBe(
      'rename one of them: "files" in the servers given to openConnectedServices, or "Files" in mcp.json (remove it and add it again under a name that differs in more than case: `cs.removeServer("Files")`, then `cs.addServer(name, entry)`)',
    );
  }, 120_000);

  // A live check's fix from the pool's hint for a missing program named `servers edit … --command …`,
  // which refuses a server declared in code, and came out as broken markup for either kind.
  it("give a live check's fix for a missing program as a call, or as the entry in code", async () => {
    const home = await passphraseHome(ENV, 'cs-library-doctor-live-');
    const gone = { command: '/nonexistent/connected-services-test-prog', args: [] };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { filed: gone } }), { mode: 0o600 });
    cs = await openConnectedServices({ home, env: { ...process.env, ...ENV }, servers: { coded: gone } });
    await cs.approveServer('coded');
    await cs.approveServer('filed');
    const fixes = Object.fromEntries((await cs.api.doctor({ live: true })).flatMap((check) => (check.fix !== undefined ? [[check.id, check.fix]] : [])));
    expect(fixes['live:coded']).toContain('fix the command of "coded" in the servers given to openConnectedServices, or install the program there');
    expect(fixes['live:filed']).toContain('fix the command of "filed" (`cs.updateServer("filed", entry)`), or install the program there');
    for (const fix of [fixes['live:coded'], fixes['live:filed']]) {
      expect(fix).not.toContain('``');
      expect(fix).not.toContain('--command');
    }
    expect(fixes['live:coded']).not.toContain('cs.updateServer');
  }, 120_000);
});
