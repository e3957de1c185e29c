import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { MEMORY } from '../fixtures/servers/config';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

// A folder that passed when the entry was added, swapped for a link to `/` before the next start:
// the start is refused and docker (here a script that records its arguments, then runs a real MCP server) never runs.
describe.skipIf(process.platform === 'win32')('docker mounts checked again before each start', () => {
  let registry: FixtureRegistry;
  let home: string;
  let person: string;
  let calls: string;
  let env: Record<string, string>;
  const cli = (args: string[]) => runCli(home, args, { env, timeoutMs: 60_000 });
  const dockerRuns = (): string[] => (existsSync(calls) ? readFileSync(calls, 'utf8').split('\n').filter((line) => line !== '') : []);
  const swapForLink = (folder: string): void => {
    rmSync(folder, { recursive: true });
    symlinkSync('/', folder);
  };

  beforeAll(async () => {
    home = tempHome('cs-docker-spawn-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    person = join(dirname(home), 'person');
    mkdirSync(join(person, 'work', 'data'), { recursive: true });
    mkdirSync(join(person, 'work', 'mine'), { recursive: true });
    mkdirSync(join(person, 'work', 'rel'), { recursive: true });
    symlinkSync('/', join(person, 'work', 'root'));
    const bin = join(dirname(home), 'bin');
    mkdirSync(bin);
    calls = join(dirname(home), 'docker-calls.txt');
    writeFileSync(join(bin, 'docker'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\nexec '${process.execPath}' '${MEMORY}'\n`);
    chmodSync(join(bin, 'docker'), 0o755);
    env = { CONNECTED_SERVICES_PASSPHRASE: 'docker spawn passphrase', PATH: `${bin}:${dirname(process.execPath)}`, HOME: person };
    registry = await startFixtureRegistry(10);
    registry.add({ name: 'io.github.acme/box', description: 'Box', version: '1.0.0', packages: [{ registryType: 'oci', identifier: 'ghcr.io/acme/box:1.0.0', transport: { type: 'stdio' }, runtimeArguments: [{ type: 'named', name: '-v', value: `${person}/work/data:/data` }] }] });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
  });
  afterAll(async () => {
    await registry.close();
  });

  it('a registry entry starts while its folder is real; once swapped for a link to /, docker is not run', async () => {
    const added = await cli(['servers', 'add', 'box', '--from-registry', 'io.github.acme/box']);
    expect(added.stderr).toBe('');
    const entry = (JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { fromRegistry?: string }> }).mcpServers['box'];
    expect(entry?.fromRegistry).toBe('io.github.acme/box');
    expect((await cli(['servers', 'approve', 'box'])).code).toBe(0);
    const first = await cli(['connect', 'box']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(dockerRuns()).toEqual([expect.stringContaining(`--volume=${person}/work/data:/data ghcr.io/acme/box:1.0.0`)]);

    swapForLink(join(person, 'work', 'data'));
    const second = await cli(['connect', 'box']);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(`its docker mount ${person}/work/data now leads to /, outside the home folder`);
    expect(second.stderr).toContain('put the folder back');
    expect(second.stderr).not.toMatch(/\n\s+at /);
    expect(dockerRuns()).toHaveLength(1);
  }, 120_000);

  it("a person's own entry mounts a folder outside home on purpose, but not a home folder swapped for a link", async () => {
    const outside = dirname(calls);
    expect((await cli(['servers', 'add', 'mine', '--', 'docker', 'run', '-i', '--rm', '-v', `${outside}:/d`, '-v', `${person}/work/mine:/m`, 'my/image:1'])).code).toBe(0);
    expect((await cli(['servers', 'approve', 'mine'])).code).toBe(0);
    const before = dockerRuns().length;
    const first = await cli(['connect', 'mine']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(dockerRuns()).toHaveLength(before + 1);

    swapForLink(join(person, 'work', 'mine'));
    const second = await cli(['connect', 'mine']);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(`its docker mount ${person}/work/mine now leads to /`);
    expect(second.stderr).not.toMatch(/\n\s+at /);
    expect(dockerRuns()).toHaveLength(before + 1);
  }, 120_000);

  it("an argument after the image is the server's own: `-v` there naming a link out of home does not stop the start", async () => {
    const linked = join(person, 'work', 'root');
    expect((await cli(['servers', 'add', 'after', '--', 'docker', 'run', '-i', '--rm', 'my/image:1', '-v', `${linked}:/x`])).code).toBe(0);
    expect((await cli(['servers', 'approve', 'after'])).code).toBe(0);
    const before = dockerRuns().length;
    const started = await cli(['connect', 'after']);
    expect(started.stderr).toBe('');
    expect(started.code).toBe(0);
    expect(dockerRuns()).toHaveLength(before + 1);
  }, 120_000);

  it("a relative mount source is resolved against the entry's cwd, as docker does, and checked the same way", async () => {
    expect((await cli(['servers', 'add', 'rel', '--cwd', join(person, 'work'), '--', 'docker', 'run', '-i', '--rm', '-v', './rel:/r', 'my/image:1'])).code).toBe(0);
    expect((await cli(['servers', 'approve', 'rel'])).code).toBe(0);
    const before = dockerRuns().length;
    expect((await cli(['connect', 'rel'])).code).toBe(0);
    expect(dockerRuns()).toHaveLength(before + 1);

    swapForLink(join(person, 'work', 'rel'));
    const second = await cli(['connect', 'rel']);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(`its docker mount ${person}/work/rel now leads to /`);
    expect(dockerRuns()).toHaveLength(before + 1);
  }, 120_000);
});
