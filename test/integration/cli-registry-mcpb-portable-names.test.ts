import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { extraFilesBundle, serveFiles, sha256, type FileServer } from '../fixtures/registry/mcpb-bundle';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'mcpb portable names passphrase', PATH: dirname(process.execPath) };

// A bundle made on Linux may name files Windows cannot hold: refused on every system, so a data folder moves whole.
describe('servers add --from-registry with an mcpb bundle whose file names are not portable', () => {
  let registry: FixtureRegistry;
  let files: FileServer;
  let home: string;
  const cli = (args: string[]) => runCli(home, args, { env: ENV });
  const config = () => JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
  const bundles: Record<string, string[]> = {
    device: ['server/lib/', 'server/lib/aux.js', 'docs/a:b.md'],
    colon: ['docs/notes:draft.md'],
    dot: ['server/trailing./index.js'],
    twins: ['README.md', 'server/Index.js'],
  };

  beforeAll(async () => {
    const built = await Promise.all(Object.entries(bundles).map(async ([name, extra]) => [name, await extraFilesBundle(extra)] as const));
    files = await serveFiles(Object.fromEntries(built.map(([name, bytes]) => [`/${name}.mcpb`, bytes])));
    registry = await startFixtureRegistry(1);
    for (const [name, bytes] of built) {
      registry.add({ name: `io.example/${name}`, description: 'A bundle made on Linux', version: '1.0.0', packages: [{ registryType: 'mcpb', identifier: files.url(`/${name}.mcpb`), fileSha256: sha256(bytes), version: '1.0.0', transport: { type: 'stdio' } }] });
    }
    home = await passphraseHome(ENV, 'cs-registry-mcpb-names-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
  });
  afterAll(async () => {
    await registry.close();
    await files.close();
  });

  it.each([
    ['device', /its file "server\/lib\/aux\.js" has the name "aux\.js", which Windows keeps for a device \(AUX\)/],
    ['colon', /its file "docs\/notes:draft\.md" has the character ":"/],
    ['dot', /its file "server\/trailing\.\/" has the name "trailing\." ending in a dot/],
    ['twins', /its paths "server\/index\.js" and "server\/Index\.js" differ only in case or in how an accent is written/],
  ])('the %s bundle is refused, naming its first such file and what to do, and nothing is kept', async (name, why) => {
    const refused = await cli(['servers', 'add', name, '--from-registry', `io.example/${name}`]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('The bundle was refused');
    expect(refused.stderr).toMatch(why);
    expect(refused.stderr).toContain("ask the bundle's maker for a bundle with portable file names");
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(config().mcpServers[name]).toBeUndefined();
    expect(readdirSync(join(home, 'bundles')).filter((folder) => folder.includes(name))).toEqual([]);
  });
});
