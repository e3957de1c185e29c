import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretGivenWarning } from '../support/secret-given-warning';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { nodeBundle, refusedManifestBundle, relativeScriptBundle, serveFiles, sha256, traversalBundle, type FileServer } from '../fixtures/registry/mcpb-bundle';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'mcpb install passphrase', PATH: dirname(process.execPath) };

// Issue 35 item 2, mcpb: a bundle downloaded from 127.0.0.1, its SHA-256 checked, unpacked and run.
describe('servers add --from-registry with an mcpb package', () => {
  let registry: FixtureRegistry;
  let files: FileServer;
  let home: string;
  const config = () => JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { command?: string; args?: string[]; env?: Record<string, string>; cwd?: string }> };
  const cli = (args: string[]) => runCli(home, args, { env: ENV });
  const bundlesDir = () => join(home, 'bundles');
  const entry = (name: string, identifier: string, fileSha256: string, extra: Record<string, unknown> = {}) =>
    registry.add({ name, description: 'A bundled server', version: '1.0.0', packages: [{ registryType: 'mcpb', identifier, fileSha256, version: '1.0.0', transport: { type: 'stdio' }, ...extra }] });

  beforeAll(async () => {
    const good = await nodeBundle();
    const slip = await traversalBundle();
    const plant = await refusedManifestBundle();
    const relative = await relativeScriptBundle();
    files = await serveFiles({ '/echo.mcpb': good, '/slip.mcpb': slip, '/plant.mcpb': plant, '/relative.mcpb': relative });
    registry = await startFixtureRegistry(5);
    entry('io.example/echo', files.url('/echo.mcpb'), sha256(good), { environmentVariables: [{ name: 'ECHO_TOKEN', isRequired: true, isSecret: true }] });
    entry('io.example/echo-redirected', files.url('/redirect/echo.mcpb'), sha256(good));
    entry('io.example/tampered', files.url('/echo.mcpb'), sha256(Buffer.from('what the publisher uploaded')));
    entry('io.example/slip', files.url('/slip.mcpb'), sha256(slip));
    entry('io.example/plant', files.url('/plant.mcpb'), sha256(plant));
    entry('io.example/plain-http', 'http://bundles.example.com/echo.mcpb', sha256(good));
    entry('io.example/relative', files.url('/relative.mcpb'), sha256(relative));
    home = await passphraseHome(ENV, 'cs-registry-mcpb-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
  });
  afterAll(async () => {
    await registry.close();
    await files.close();
  });

  it('a good fileSha256: unpacked into the data folder, the manifest\'s command pinned to it, the server runs and lists its tools', async () => {
    const added = await cli(['servers', 'add', 'echo', '--from-registry', 'io.example/echo', '--input', 'ECHO_TOKEN=tok-bundle-secret']);
    expect(added.stderr).toBe(secretGivenWarning('ECHO_TOKEN'));
    expect(added.code).toBe(0);
    const [folder] = readdirSync(bundlesDir());
    expect(folder).toMatch(/^io\.example_echo@1\.0\.0-[0-9a-f]{64}$/);
    const dir = join(bundlesDir(), folder ?? '');
    expect(config().mcpServers['echo']).toEqual({ command: 'node', args: [join(dir, 'server/index.js')], env: { BUNDLE_GREETING: `from ${dir}`, ECHO_TOKEN: '${secret:echo_ECHO_TOKEN}' }, cwd: dir });
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain('tok-bundle-secret');
    expect(added.stdout).toContain('servers approve echo');
    expect((await cli(['servers', 'approve', 'echo', '--yes'])).code).toBe(0);
    const tools = await cli(['tools', 'echo', '--refresh', '--json']);
    expect(tools.code).toBe(0);
    expect(tools.stdout).toContain('"echo"');
    expect(tools.stdout).toContain(`from ${dir}`);
    const called = await cli(['call', 'echo', 'echo', '{"text":"hello"}']);
    expect(called.stdout).toContain('echo: hello (its key: given)');
  });

  it('adding the same entry again runs it from the same folder, which is left as it is', async () => {
    const script = config().mcpServers['echo']?.args?.[0] ?? '';
    writeFileSync(join(dirname(dirname(script)), 'marker'), 'kept');
    const inode = statSync(script).ino;
    const added = await cli(['servers', 'add', 'echo-again', '--from-registry', 'io.example/echo', '--input', 'ECHO_TOKEN=tok-again']);
    expect(added.code).toBe(0);
    expect(config().mcpServers['echo-again']?.args?.[0]).toBe(script);
    expect(readFileSync(join(dirname(dirname(script)), 'marker'), 'utf8')).toBe('kept');
    expect(statSync(script).ino).toBe(inode);
    expect(readdirSync(bundlesDir())).toHaveLength(1);
    expect((await cli(['servers', 'remove', 'echo-again'])).code).toBe(0);
  });

  it('with --connect: verified, the exact line shown, approved once, started and its tools listed in one step', async () => {
    const added = await cli(['servers', 'add', 'echo-now', '--from-registry', 'io.example/echo', '--input', 'ECHO_TOKEN=tok-one-step', '--connect', '--yes']);
    expect(added.stderr).toBe(secretGivenWarning('ECHO_TOKEN'));
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Command of echo-now:');
    expect(added.stdout).toMatch(/ECHO_TOKEN='\$\{secret:echo-now_ECHO_TOKEN\}' node \S+\/server\/index\.js/);
    expect(added.stdout).toContain('Added echo-now (secrets, add, approve, connect): ready, 1 tool.');
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain('tok-one-step');
    // Nothing left to approve: the call runs at once, with its key from the vault.
    const called = await cli(['call', 'echo-now', 'echo', '{"text":"now"}']);
    expect(called.stdout).toContain('echo: now (its key: given)');
  });

  it('with --connect, a bad fileSha256 is refused before anything is shown or written', async () => {
    const refused = await cli(['servers', 'add', 'tampered-now', '--from-registry', 'io.example/tampered', '--connect', '--yes']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/SHA-256/);
    expect(refused.stdout).not.toContain('Command of');
    expect(config().mcpServers['tampered-now']).toBeUndefined();
  });

  it('a name already taken (or a case twin of one) is refused before the bundle is fetched or unpacked', async () => {
    const before = readdirSync(bundlesDir());
    for (const name of ['echo', 'ECHO']) {
      const refused = await cli(['servers', 'add', name, '--from-registry', 'io.example/relative']);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(name === 'echo' ? /A server named "echo" already exists\./ : /"ECHO" differs from it only in case/);
    }
    expect(files.requests).not.toContain('/relative.mcpb');
    expect(readdirSync(bundlesDir())).toEqual(before);
  });

  // The spec's examples write the bundle's files relative: run from the folder serve started in, `node server.js` would be that folder's.
  it('a manifest naming its script relative (`node server.js`) runs the bundle\'s script, in the bundle\'s folder', async () => {
    const added = await cli(['servers', 'add', 'relative', '--from-registry', 'io.example/relative', '--connect', '--yes']);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const folder = readdirSync(bundlesDir()).find((name) => name.startsWith('io.example_relative@'));
    const dir = join(bundlesDir(), folder ?? '');
    expect(config().mcpServers['relative']).toEqual({ command: 'node', args: ['server.js'], env: { BUNDLE_GREETING: 'relative' }, cwd: dir });
    expect(added.stdout).toContain(`cd ${dir} && `);
    const called = await cli(['call', 'relative', 'echo', '{"text":"from the bundle"}']);
    expect(called.stdout).toContain('echo: from the bundle');
  });

  it('follows a redirect on 127.0.0.1, each address checked', async () => {
    const added = await cli(['servers', 'add', 'echo2', '--from-registry', 'io.example/echo-redirected']);
    expect(added.code).toBe(0);
    expect(files.requests).toContain('/redirect/echo.mcpb');
    expect(config().mcpServers['echo2']?.command).toBe('node');
  });

  it('a bad fileSha256 is refused with a clear error before anything is unpacked', async () => {
    const before = readdirSync(bundlesDir()).length;
    const refused = await cli(['servers', 'add', 'tampered', '--from-registry', 'io.example/tampered']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('SHA-256');
    expect(refused.stderr).toContain('it was refused and nothing was unpacked');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(bundlesDir())).toHaveLength(before);
    expect(config().mcpServers['tampered']).toBeUndefined();
  });

  it('a bundle with a file outside its folder is refused, and nothing lands outside', async () => {
    const refused = await cli(['servers', 'add', 'slip', '--from-registry', 'io.example/slip']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('The bundle was refused');
    expect(existsSync(join(home, 'escaped.txt'))).toBe(false);
    expect(existsSync(join(dirname(home), 'escaped.txt'))).toBe(false);
    expect(readdirSync(bundlesDir()).some((name) => name.includes('slip'))).toBe(false);
    expect(config().mcpServers['slip']).toBeUndefined();
  });

  it('a bundle whose manifest is refused leaves nothing in bundles/', async () => {
    const refused = await cli(['servers', 'add', 'plant', '--from-registry', 'io.example/plant']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('The bundle\'s manifest uses "${HOME}"');
    expect(readdirSync(bundlesDir()).filter((name) => name.includes('plant'))).toEqual([]);
    expect(config().mcpServers['plant']).toBeUndefined();
  });

  it('plain http to another computer is refused before any request', async () => {
    const refused = await cli(['servers', 'add', 'plain', '--from-registry', 'io.example/plain-http']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('must use https (http only to this computer)');
  });

  it('removing a server removes its bundle folder once no other server runs from it', async () => {
    const folderOf = (server: string) => config().mcpServers[server]?.cwd ?? '';
    const relative = folderOf('relative');
    const echo = folderOf('echo');
    expect(existsSync(relative)).toBe(true);
    expect((await cli(['servers', 'remove', 'relative'])).code).toBe(0);
    expect(existsSync(relative)).toBe(false);
    // echo-now and echo2 run from the same bytes' folder: it stays until the last of them goes.
    expect(folderOf('echo-now')).toBe(echo);
    expect((await cli(['servers', 'remove', 'echo'])).code).toBe(0);
    expect(existsSync(join(echo, 'server/index.js'))).toBe(true);
    expect((await cli(['servers', 'remove', 'echo-now'])).code).toBe(0);
    expect((await cli(['servers', 'remove', 'echo2'])).code).toBe(0);
    expect(existsSync(echo)).toBe(false);
  });
});
