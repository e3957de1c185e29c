import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/app';
import { coreWithRegistry } from '../fixtures/registry/core-with-registry';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const PACKAGE = '@modelcontextprotocol/server-everything';
const VERSION = (createRequire(import.meta.url)(`${PACKAGE}/package.json`) as { version: string }).version;

// Issue 35's "one entry of each kind … the server running where its runtime exists here", for npm:
// the derived `npx -y PACKAGE@VERSION` really runs. npm here reads the package from its own cache
// (filled by `npm ci`), offline, so the test reaches only 127.0.0.1. A registry entry may not say
// so itself (npm_config_* choose where the pinned package comes from): the person's own
// npm settings do, in a home folder of the test's (the only variable of ours a server inherits).
describe('App API: an npm registry entry installed and running', () => {
  let core: Core;
  let registry: FixtureRegistry;
  let dataDir: string;
  let home: string | undefined;

  beforeAll(async () => {
    const cache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
    home = process.env['HOME'];
    const npmHome = mkdtempSync(join(tmpdir(), 'cs-npm-home-'));
    writeFileSync(join(npmHome, '.npmrc'), `offline=true\ncache=${cache}\n`);
    process.env['HOME'] = npmHome;
    registry = await startFixtureRegistry(5);
    registry.add({
      name: 'io.example/everything',
      description: 'The reference server, from npm',
      version: VERSION,
      packages: [
        {
          registryType: 'npm',
          identifier: PACKAGE,
          version: VERSION,
          transport: { type: 'stdio' },
          packageArguments: [{ type: 'positional', value: 'stdio' }],
        },
      ],
    });
    ({ core, dataDir } = await coreWithRegistry('cs-registry-npm-', registry.url));
  }, 30_000);

  afterAll(async () => {
    await core?.close();
    await registry?.close();
    if (home === undefined) delete process.env['HOME'];
    else process.env['HOME'] = home;
  });

  it('shows npx with the exact version, then adds, approves, starts and lists it in one step', async () => {
    const digest = (await core.api.registryInstallOptions({ registry: registry.url, name: 'io.example/everything' })).options[0]?.digest ?? '';
    const install = { registry: registry.url, name: 'io.example/everything', version: VERSION, label: `npm ${PACKAGE} ${VERSION}`, digest, server: 'everything-npm', choice: { package: 0 }, inputs: {} };
    const shown = await core.api.installRegistryEntry({ ...install, dryRun: true });
    expect(shown.commandLine).toContain(`npx -y ${PACKAGE}@${VERSION} stdio`);

    const done = await core.api.installRegistryEntry({ ...install, approve: { commandLine: shown.commandLine ?? '' } });
    expect(done.steps.map((s) => `${s.step}:${s.outcome}`)).toEqual(['secrets:not_needed', 'add:done', 'approve:done', 'connect:done']);
    expect(done.status).toMatchObject({ name: 'everything-npm', state: 'ready', approval: 'approved' });
    const entry = (JSON.parse(readFileSync(join(dataDir, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { command?: string; args?: string[] }> }).mcpServers['everything-npm'];
    expect(entry).toMatchObject({ command: 'npx', args: ['-y', `${PACKAGE}@${VERSION}`, 'stdio'] });
    const tools = (await core.api.listTools({ server: 'everything-npm' })).map((t) => t.name);
    expect(tools).toContain('echo');
    const echoed = await core.api.callTool({ server: 'everything-npm', tool: 'echo', arguments: { message: 'from npm' } });
    expect(JSON.stringify(echoed)).toContain('from npm');
  }, 120_000);
});
