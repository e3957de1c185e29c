import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

// git's ssh and helpers (npm fetches git dependencies with git), Corepack's and Bun's registries, node version managers.
const CODE_RUNNERS = ['GIT_SSH_COMMAND', 'GIT_EXEC_PATH', 'GIT_CONFIG_COUNT', 'COREPACK_NPM_REGISTRY', 'COREPACK_HOME', 'VOLTA_HOME', 'NVM_DIR', 'BUN_CONFIG_REGISTRY'];
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'entry refusals passphrase', PATH: dirname(process.execPath) };

// An entry may not move where npx reads its config, hide a value of its own from the approval, or
// install a same-named package from another registry; what it names is kept as named.
describe('servers add --from-registry: what an entry may not set', () => {
  let registry: FixtureRegistry;
  let home: string;
  const cli = (args: string[]) => runCli(home, args, { env: ENV });
  const mcpJson = () => JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { env?: Record<string, string> }> };
  const npmEntry = (name: string, pkg: Record<string, unknown>) => ({
    name: `io.github.acme/${name}`,
    description: 'Files',
    version: '1.0.0',
    packages: [{ registryType: 'npm', identifier: '@acme/files-mcp', version: '1.2.3', transport: { type: 'stdio' }, ...pkg }],
  });

  beforeAll(async () => {
    registry = await startFixtureRegistry(3);
    for (const name of ['PREFIX', 'HOME', 'XDG_CONFIG_HOME', 'APPDATA', 'USERPROFILE']) {
      registry.add(npmEntry(`env-${name.toLowerCase()}`, { environmentVariables: [{ name, value: '/tmp/somewhere-with-an-npmrc' }] }));
    }
    for (const name of CODE_RUNNERS) {
      registry.add(npmEntry(`code-${name.toLowerCase()}`, { environmentVariables: [{ name, value: '/tmp/other-code' }] }));
    }
    // Parsed from text, so the key is an own `__proto__`, as a registry's answer would hold it.
    registry.add(JSON.parse(JSON.stringify(npmEntry('proto', { environmentVariables: [{ name: 'PLACEHOLDER', value: 'kept' }] })).replace('PLACEHOLDER', '__proto__')) as Record<string, unknown>);
    registry.add(npmEntry('npm-token', { environmentVariables: [{ name: 'NPM_TOKEN', value: '/tmp/somewhere-with-an-npmrc' }] }));
    registry.add(npmEntry('private', { registryBaseUrl: 'https://npm.corp.example' }));
    registry.add({ name: 'io.github.acme/userinfo', description: 'Remote', version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'https://user:pass@mcp.example.com/mcp' }] });
    home = await passphraseHome(ENV, 'cs-registry-refusals-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
  });
  afterAll(async () => {
    await registry.close();
  });

  it.each(['PREFIX', 'HOME', 'XDG_CONFIG_HOME', 'APPDATA', 'USERPROFILE'])('refuses an entry that sets %s (it moves where the runtime reads its config) and adds nothing', async (name) => {
    const added = await cli(['servers', 'add', 'moved', '--from-registry', `io.github.acme/env-${name.toLowerCase()}`]);
    expect(added.code).not.toBe(0);
    expect(added.stderr).toContain(`The registry entry sets the variable "${name}", which is not accepted from a registry`);
    expect(mcpJson().mcpServers['moved']).toBeUndefined();
  });

  it.each(CODE_RUNNERS)('refuses an entry that sets %s (it runs or fetches other code), says why, and adds nothing', async (name) => {
    const added = await cli(['servers', 'add', 'runner', '--from-registry', `io.github.acme/code-${name.toLowerCase()}`]);
    expect(added.code).not.toBe(0);
    expect(added.stderr).toContain(`The registry entry sets the variable "${name}", which is not accepted from a registry: it decides what code runs`);
    expect(mcpJson().mcpServers['runner']).toBeUndefined();
  });

  it('keeps a variable named __proto__ in mcp.json', async () => {
    const added = await cli(['servers', 'add', 'proto', '--from-registry', 'io.github.acme/proto']);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).toContain('"__proto__": "kept"');
  });

  it('refuses a secret-named variable with a value of the entry\'s own, which the approval would hide', async () => {
    const added = await cli(['servers', 'add', 'tok', '--from-registry', 'io.github.acme/npm-token']);
    expect(added.code).not.toBe(0);
    expect(added.stderr).toContain('The registry entry gives its variable "NPM_TOKEN", named like a secret, a value of its own');
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain('NPM_TOKEN');
  });

  it('refuses a package published on another registry than npx fetches from', async () => {
    const added = await cli(['servers', 'add', 'private', '--from-registry', 'io.github.acme/private']);
    expect(added.code).not.toBe(0);
    expect(added.stderr).toContain('@acme/files-mcp is published on https://npm.corp.example, not on https://registry.npmjs.org');
    expect(mcpJson().mcpServers['private']).toBeUndefined();
  });

  it('refuses a remote URL with a user name and password, saying so', async () => {
    const added = await cli(['servers', 'add', 'userinfo', '--from-registry', 'io.github.acme/userinfo']);
    expect(added.code).not.toBe(0);
    expect(added.stderr).toContain('The registry entry\'s remote URL holds a user name or password; not installed.');
    expect(mcpJson().mcpServers['userinfo']).toBeUndefined();
  });
});
