import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretGivenWarning } from '../support/secret-given-warning';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

// PATH holds node and npx only: uvx and docker are absent, whatever this machine has.
const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'registry install passphrase', PATH: dirname(process.execPath) };

// Issue 35 item 2 from the command line: one entry of each kind, from a registry of our own.
describe('servers add --from-registry', () => {
  let registry: FixtureRegistry;
  let home: string;
  const config = () => JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, Record<string, unknown>> };
  const cli = (args: string[]) => runCli(home, args, { env: ENV });

  beforeAll(async () => {
    registry = await startFixtureRegistry(10);
    registry.add({
      name: 'io.example/notes',
      description: 'Notes on disk',
      version: '2.0.0',
      packages: [{ registryType: 'npm', identifier: '@example/notes-mcp', version: '2.0.0', transport: { type: 'stdio' }, packageArguments: [{ type: 'positional', valueHint: 'folder', isRequired: true }], environmentVariables: [{ name: 'NOTES_TOKEN', isRequired: true, isSecret: true }] }],
    });
    registry.publish('io.example/notes', '2.1.0');
    registry.add({ name: 'io.example/py', description: 'Python server', version: '0.3.0', packages: [{ registryType: 'pypi', identifier: 'example-py-mcp', version: '0.3.0', transport: { type: 'stdio' } }] });
    registry.add({ name: 'io.example/box', description: 'In a container', version: '1.0.0', packages: [{ registryType: 'oci', identifier: 'ghcr.io/example/box:1.0.0', transport: { type: 'stdio' } }] });
    registry.add({
      name: 'io.example/remote',
      description: 'On the web',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp', headers: [{ name: 'X-Api-Key', isRequired: true, isSecret: true, description: 'your key' }] }],
    });
    registry.add({
      name: 'io.example/optional-key',
      description: 'A key if you have one',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: 'https://optional.example.com/mcp', headers: [{ name: 'Authorization', value: 'Bearer {key}', variables: { key: { description: 'for more calls a day' } } }] }],
    });
    registry.add({ name: 'io.example/plain-http', description: 'Unencrypted', version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'http://mcp.example.com/mcp', headers: [{ name: 'X-Api-Key', isRequired: true, isSecret: true }] }] });
    home = await passphraseHome(ENV, 'cs-registry-install-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
  });
  afterAll(async () => {
    await registry.close();
  });

  it('npm: npx with the exact version, the secret in the vault, the entry waiting for approval', async () => {
    const added = await cli(['servers', 'add', 'notes', '--from-registry', 'io.example/notes', '--input', 'folder=/home/me/notes', '--input', 'NOTES_TOKEN=tok-very-secret-1']);
    expect(added.stderr).toBe(secretGivenWarning('NOTES_TOKEN'));
    // The entry's variables are shown, a secret by its reference.
    expect(added.stdout).toContain("Added notes: NOTES_TOKEN='${secret:notes_NOTES_TOKEN}' npx -y @example/notes-mcp@2.1.0 /home/me/notes (1 secret(s) in the vault).");
    expect(added.stdout).not.toContain('tok-very-secret-1');
    expect(added.stdout).toContain('servers approve notes');
    expect(config().mcpServers['notes']).toEqual({ command: 'npx', args: ['-y', '@example/notes-mcp@2.1.0', '/home/me/notes'], env: { NOTES_TOKEN: '${secret:notes_NOTES_TOKEN}' } });
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain('tok-very-secret-1');
    expect((await cli(['secrets', 'list'])).stdout).toContain('notes_NOTES_TOKEN');
    expect((await cli(['servers', 'list'])).stdout).toMatch(/notes\s+stdio\s+pending approval/);
  });

  it('an older version by ID@VERSION is fetched from the registry and pinned', async () => {
    const added = await cli(['servers', 'add', 'notes-old', '--from-registry', 'io.example/notes@2.0.0', '--input', 'folder=/tmp/n', '--input', 'NOTES_TOKEN=t']);
    expect(added.stderr).toBe(secretGivenWarning('NOTES_TOKEN'));
    expect(added.code).toBe(0);
    expect(config().mcpServers['notes-old']?.['args']).toEqual(['-y', '@example/notes-mcp@2.0.0', '/tmp/n']);
  });

  it('says which inputs are missing when no terminal can ask', async () => {
    const refused = await cli(['servers', 'add', 'notes2', '--from-registry', 'io.example/notes']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('io.example/notes needs: folder, NOTES_TOKEN (secret)');
    expect(refused.stderr).toContain('--input folder=');
    expect(config().mcpServers['notes2']).toBeUndefined();
  });

  it('pypi through uvx and oci through docker: a missing runtime is a clear message with how to get it', async () => {
    const py = await cli(['servers', 'add', 'py', '--from-registry', 'io.example/py']);
    expect(py.code).not.toBe(0);
    expect(py.stderr).toContain('io.example/py runs with uvx, which is not installed on this computer.');
    expect(py.stderr).toContain('https://docs.astral.sh/uv/');
    const box = await cli(['servers', 'add', 'box', '--from-registry', 'io.example/box']);
    expect(box.stderr).toContain('runs with docker, which is not installed');
    expect(box.stderr).toContain('https://docs.docker.com/engine/install/');
    expect(Object.keys(config().mcpServers)).not.toContain('py');
  });

  it('a remote with a secret header: the header names the vault secret; sending it waits for approval', async () => {
    const added = await cli(['servers', 'add', 'remote', '--from-registry', 'io.example/remote', '--input', 'X-Api-Key=key-very-secret-2']);
    expect(added.code).toBe(0);
    expect(config().mcpServers['remote']).toEqual({ type: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-Api-Key': '${secret:remote_X-Api-Key}' } });
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain('key-very-secret-2');
    expect((await cli(['servers', 'list'])).stdout).toMatch(/remote\s+http\s+pending approval/);
  });

  it('--dry-run of a plain-http remote to another computer warns of clear text, shows the approval and writes nothing', async () => {
    const before = readFileSync(join(home, 'mcp.json'), 'utf8');
    const shown = await cli(['servers', 'add', 'plain', '--from-registry', 'io.example/plain-http', '--input', 'X-Api-Key=key-dry-run-3', '--dry-run']);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toContain('warning: http://mcp.example.com is not encrypted (http)');
    expect(shown.stdout).toContain('Would add plain: http://mcp.example.com/mcp (would store plain_X-Api-Key in the vault).');
    expect(shown.stdout).toContain('Nothing was written (--dry-run).');
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).toBe(before);
    expect((await cli(['secrets', 'list'])).stdout).not.toContain('plain_X-Api-Key');
  });

  it('a secret-named header whose optional variable is left out is not set; given, it is a vault reference', async () => {
    const without = await cli(['servers', 'add', 'optional', '--from-registry', 'io.example/optional-key']);
    expect(without.stderr).toBe('');
    expect(config().mcpServers['optional']).toEqual({ type: 'http', url: 'https://optional.example.com/mcp' });
    const given = await cli(['servers', 'add', 'optional-keyed', '--from-registry', 'io.example/optional-key', '--input', 'key=k-very-secret-3']);
    expect(given.code).toBe(0);
    expect(config().mcpServers['optional-keyed']).toEqual({ type: 'http', url: 'https://optional.example.com/mcp', headers: { Authorization: 'Bearer ${secret:optional-keyed_key}' } });
  });

  it('an unknown id says how to find one', async () => {
    const missing = await cli(['servers', 'add', 'x', '--from-registry', 'io.example/absent']);
    expect(missing.stderr).toContain('No registry has io.example/absent');
  });

  it('a registry answering for another entry says so, by both names, not that none has it', async () => {
    registry.misroute('io.example/mixed-up', 'io.example/py');
    const refused = await cli(['servers', 'add', 'mixed', '--from-registry', 'io.example/mixed-up']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`The registry at ${registry.url} answered io.example/py@0.3.0 when asked for io.example/mixed-up@latest; it is not installed.`);
    expect(refused.stderr).not.toContain('No registry has');
    expect(config().mcpServers['mixed']).toBeUndefined();
  });
});
