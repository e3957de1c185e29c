import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/app';
import { API_METHODS } from '../../shared/api';
import { nodeBundle, serveFiles, sha256, type FileServer } from '../fixtures/registry/mcpb-bundle';
import { coreWithRegistry } from '../fixtures/registry/core-with-registry';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';


// Issue 35 item 2 through the App API the install form calls: the same derivation as the CLI, mcpb included.
describe('App API: installing a registry entry', () => {
  let core: Core;
  let registry: FixtureRegistry;
  let files: FileServer;
  let dataDir: string;
  // The version, package label and digest the Install dialog shows (registryInstallOptions), sent with each install.
  const shownOf = async (name: string) => {
    const listed = await core.api.registryInstallOptions({ registry: registry.url, name });
    const first = listed.options[0];
    if (first === undefined) throw new Error(`${name} lists no package`);
    return { version: listed.version, label: first.label, digest: first.digest };
  };
  const config = () => JSON.parse(readFileSync(join(dataDir, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { command?: string; args?: string[]; env?: Record<string, string> }> };

  beforeAll(async () => {
    const good = await nodeBundle();
    files = await serveFiles({ '/echo.mcpb': good });
    registry = await startFixtureRegistry(5);
    const pkg = { registryType: 'mcpb', identifier: files.url('/echo.mcpb'), version: '1.0.0', transport: { type: 'stdio' }, environmentVariables: [{ name: 'ECHO_TOKEN', isRequired: true, isSecret: true }] };
    registry.add({ name: 'io.example/echo', description: 'A bundled server', version: '1.0.0', packages: [{ ...pkg, fileSha256: sha256(good) }, { registryType: 'nuget', identifier: 'Example.Echo', version: '1.0.0', transport: { type: 'stdio' } }] });
    registry.add({ name: 'io.example/tampered', description: 'A changed bundle', version: '1.0.0', packages: [{ ...pkg, fileSha256: sha256(Buffer.from('other bytes')) }] });
    ({ core, dataDir } = await coreWithRegistry('cs-registry-install-api-', registry.url));
  }, 30_000);

  afterAll(async () => {
    await core?.close();
    await registry?.close();
    await files?.close();
  });

  it('lists each package with its inputs, or why it cannot be installed', async () => {
    const options = await core.api.registryInstallOptions({ registry: registry.url, name: 'io.example/echo' });
    expect(options.options.map((o) => [o.label.split(' ')[0], o.inputs.map((i) => [i.key, i.isSecret, i.isRequired]), o.problem !== undefined])).toEqual([
      ['mcpb', [['ECHO_TOKEN', true, true]], false],
      ['nuget', [], true],
    ]);
  });

  it('an mcpb package: verified, unpacked, its manifest command in mcp.json, the secret in the vault for it, waiting for approval', async () => {
    const result = await core.api.installRegistryEntry({ registry: registry.url, name: 'io.example/echo', ...(await shownOf('io.example/echo')), server: 'echo', choice: { package: 0 }, inputs: { ECHO_TOKEN: 'tok-app-secret' } });
    expect(result).toMatchObject({ name: 'echo', secrets: ['echo_ECHO_TOKEN'], needsApproval: true });
    // Without an approval the command waits for one: nothing is started.
    expect(result.steps.map((s) => `${s.step}:${s.outcome}`)).toEqual(['secrets:done', 'add:done', 'approve:skipped', 'connect:skipped']);
    const entry = config().mcpServers['echo'];
    expect(entry?.command).toBe('node');
    expect(entry?.args?.[0]).toMatch(/bundles\/io\.example_echo@1\.0\.0-[0-9a-f]{64}\/server\/index\.js$/);
    expect(existsSync(entry?.args?.[0] ?? '')).toBe(true);
    expect(entry?.env?.['ECHO_TOKEN']).toBe('${secret:echo_ECHO_TOKEN}');
    expect(readFileSync(join(dataDir, 'mcp.json'), 'utf8')).not.toContain('tok-app-secret');
    expect(await core.api.revealSecret({ name: 'echo_ECHO_TOKEN', server: 'echo' })).toEqual({ value: 'tok-app-secret' });
    const status = (await core.api.status({})).servers.find((s) => s.name === 'echo');
    expect(status?.approval).toBe('pending');
    expect(status?.commandLine).toContain(`node ${entry?.args?.[0] ?? ''}`);
    expect(result.commandLine).toBe(status?.commandLine);
  });

  it('a dry run, and a second install of the same bundle, leave the folder an added server runs from as it is', async () => {
    const script = config().mcpServers['echo']?.args?.[0] ?? '';
    const folder = dirname(dirname(script));
    writeFileSync(join(folder, 'marker'), 'kept');
    const inode = statSync(script).ino;
    const before = readdirSync(join(dataDir, 'bundles')).sort();
    const install = { registry: registry.url, name: 'io.example/echo', ...(await shownOf('io.example/echo')), server: 'other', choice: { package: 0 }, inputs: { ECHO_TOKEN: 'tok-other' } };
    const shown = await core.api.installRegistryEntry({ ...install, dryRun: true });
    expect(shown.commandLine).toContain(`node ${script}`);
    expect(readdirSync(join(dataDir, 'bundles')).sort()).toEqual(before);
    expect(readFileSync(join(folder, 'marker'), 'utf8')).toBe('kept');
    expect(statSync(script).ino).toBe(inode);
    await core.api.installRegistryEntry(install);
    expect(config().mcpServers['other']?.args?.[0]).toBe(script);
    expect(readdirSync(join(dataDir, 'bundles')).sort()).toEqual(before);
    expect(readFileSync(join(folder, 'marker'), 'utf8')).toBe('kept');
    expect(statSync(script).ino).toBe(inode);
    // Each install's claim on the folder ends with it: nothing holds it from a later removal.
    expect(readdirSync(join(dataDir, 'bundle-claims'))).toEqual([]);
    await core.api.removeServer({ name: 'other' });
  });

  it('in one step: the dry run shows the exact line, approved once it is added, started and its tools listed', async () => {
    const install = { registry: registry.url, name: 'io.example/echo', ...(await shownOf('io.example/echo')), server: 'echo-now', choice: { package: 0 }, inputs: { ECHO_TOKEN: 'tok-one-step' } };
    const shown = await core.api.installRegistryEntry({ ...install, dryRun: true });
    expect(shown).toMatchObject({ name: 'echo-now', needsApproval: true, steps: [], secrets: ['echo-now_ECHO_TOKEN'] });
    expect(shown.commandLine).toContain("ECHO_TOKEN='${secret:echo-now_ECHO_TOKEN}' node ");
    expect(shown.commandLine).toMatch(/bundles\/io\.example_echo@1\.0\.0-[0-9a-f]{64}\/server\/index\.js$/);
    // The dry run wrote nothing: no entry, no secret.
    expect(config().mcpServers['echo-now']).toBeUndefined();
    expect((await core.api.listSecrets({})).map((s) => s.name)).not.toContain('echo-now_ECHO_TOKEN');

    const done = await core.api.installRegistryEntry({ ...install, approve: { commandLine: shown.commandLine ?? '' } });
    expect(done.steps.map((s) => `${s.step}:${s.outcome}`)).toEqual(['secrets:done', 'add:done', 'approve:done', 'connect:done']);
    expect(done.status).toMatchObject({ name: 'echo-now', state: 'ready', approval: 'approved', toolCount: 1 });
    const tools = await core.api.listTools({ server: 'echo-now' });
    expect(tools.map((t) => t.name)).toEqual(['echo']);
    expect(API_METHODS.installRegistryEntry.output.safeParse(done).success).toBe(true);
  });

  it('a secret already in the vault, chosen for a secret input: the entry refers to it, nothing new is stored, and the program gets it', async () => {
    await core.api.setSecret({ name: 'SHARED_ECHO_TOKEN', value: 'tok-kept-in-vault' });
    const install = { registry: registry.url, name: 'io.example/echo', ...(await shownOf('io.example/echo')), server: 'echo-kept', choice: { package: 0 }, inputs: {}, stored: { ECHO_TOKEN: 'SHARED_ECHO_TOKEN' } };
    const shown = await core.api.installRegistryEntry({ ...install, dryRun: true });
    expect(shown).toMatchObject({ needsApproval: true, secrets: [] });
    expect(shown.commandLine).toContain("ECHO_TOKEN='${secret:SHARED_ECHO_TOKEN}' node ");
    const done = await core.api.installRegistryEntry({ ...install, approve: { commandLine: shown.commandLine ?? '' } });
    expect(done.steps.map((s) => `${s.step}:${s.outcome}`)).toEqual(['secrets:not_needed', 'add:done', 'approve:done', 'connect:done']);
    expect(config().mcpServers['echo-kept']?.env?.['ECHO_TOKEN']).toBe('${secret:SHARED_ECHO_TOKEN}');
    expect((await core.api.listSecrets({})).map((s) => s.name)).not.toContain('echo-kept_ECHO_TOKEN');
    const answer = await core.api.callTool({ server: 'echo-kept', tool: 'echo', arguments: { text: 'hi' } });
    expect(JSON.stringify(answer)).toContain('echo: hi (its key: given)');
    await core.api.removeServer({ name: 'echo-kept' });
  });

  it('a vault secret is refused for an input that is not secret, and a name that is none', async () => {
    const install = { registry: registry.url, name: 'io.example/echo', ...(await shownOf('io.example/echo')), server: 'echo-misplaced', choice: { package: 0 }, inputs: { ECHO_TOKEN: 'tok' } };
    await expect(core.api.installRegistryEntry({ ...install, stored: { OTHER: 'SHARED_ECHO_TOKEN' }, dryRun: true })).rejects.toThrow('OTHER of io.example/echo is no secret input');
    expect(API_METHODS.installRegistryEntry.input.safeParse({ ...install, stored: { ECHO_TOKEN: 'x}${env:HOME' } }).success).toBe(false);
    expect(config().mcpServers['echo-misplaced']).toBeUndefined();
  });

  it('a line other than the one shown is refused before anything is written', async () => {
    const install = { registry: registry.url, name: 'io.example/echo', ...(await shownOf('io.example/echo')), server: 'echo-other', choice: { package: 0 }, inputs: { ECHO_TOKEN: 'tok-other' } };
    await expect(core.api.installRegistryEntry({ ...install, approve: { commandLine: 'node /somewhere/else.js' } })).rejects.toThrow(/not what was shown/);
    expect(config().mcpServers['echo-other']).toBeUndefined();
    expect((await core.api.listSecrets({})).map((s) => s.name)).not.toContain('echo-other_ECHO_TOKEN');
  });

  it('a bad fileSha256 is refused, and nothing is added or stored', async () => {
    await expect(core.api.installRegistryEntry({ registry: registry.url, name: 'io.example/tampered', ...(await shownOf('io.example/tampered')), server: 'tampered', choice: { package: 0 }, inputs: { ECHO_TOKEN: 't' } })).rejects.toThrow(/SHA-256/);
    // The dry run the one-step sheet starts with checks it too.
    await expect(core.api.installRegistryEntry({ registry: registry.url, name: 'io.example/tampered', ...(await shownOf('io.example/tampered')), server: 'tampered', choice: { package: 0 }, inputs: { ECHO_TOKEN: 't' }, dryRun: true })).rejects.toThrow(/SHA-256/);
    expect(config().mcpServers['tampered']).toBeUndefined();
    expect((await core.api.listSecrets({})).map((s) => s.name)).not.toContain('tampered_ECHO_TOKEN');
  });

  it('a required input missing is named', async () => {
    await expect(core.api.installRegistryEntry({ registry: registry.url, name: 'io.example/echo', ...(await shownOf('io.example/echo')), server: 'echo2', choice: { package: 0 }, inputs: {} })).rejects.toThrow('io.example/echo needs: ECHO_TOKEN');
  });
});
