import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { startServe } from '../support/serve';

// Bundles installed before removals pruned their folders: found by doctor, listed and removed by `servers prune-bundles`.
describe('servers prune-bundles', () => {
  it('lists the folders no server runs from with their sizes, removes them only without --dry-run, and doctor names them until then', async () => {
    const home = tempHome('cs-prune-bundles-');
    const folder = (name: string) => join(home, 'bundles', name);
    const [orphan, used] = [`io.example_old@1.0.0-${'a'.repeat(64)}`, `io.example_echo@1.0.0-${'b'.repeat(64)}`];
    for (const name of [orphan, used]) mkdirSync(join(folder(name), 'server'), { recursive: true });
    writeFileSync(join(folder(orphan), 'server', 'index.js'), 'x'.repeat(3 * 1024 * 1024));
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { echo: { command: 'node', args: [join(folder(used), 'server', 'index.js')], cwd: folder(used) } } }));

    const doctor = await runCli(home, ['doctor']);
    expect(doctor.stdout).toContain(`warn  Bundle folders: 1 folder(s) under ${join(home, 'bundles')} (3.0 MiB) belong to no server any more`);
    expect(doctor.stdout).toContain('fix: see them with connected-services servers prune-bundles --dry-run');

    const listed = await runCli(home, ['servers', 'prune-bundles', '--dry-run']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe(`  ${orphan}  3.0 MiB\n1 folder(s), 3.0 MiB, would be removed from ${join(home, 'bundles')} (run without --dry-run to remove them).\n`);
    expect(existsSync(folder(orphan))).toBe(true);

    const pruned = await runCli(home, ['servers', 'prune-bundles']);
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toContain(`Removed 1 folder(s), 3.0 MiB, from ${join(home, 'bundles')}.`);
    expect(existsSync(folder(orphan))).toBe(false);
    expect(existsSync(folder(used))).toBe(true);

    expect((await runCli(home, ['servers', 'prune-bundles'])).stdout).toBe(`No folder under ${join(home, 'bundles')} is left without a server.\n`);
    expect((await runCli(home, ['doctor'])).stdout).not.toContain('Bundle folders');
  }, 120_000);

  it('works beside a running app, reading what it holds through its App API', async () => {
    const home = tempHome('cs-prune-bundles-app-');
    const folder = (name: string) => join(home, 'bundles', name);
    const [orphan, used] = [`io.example_old@1.0.0-${'c'.repeat(64)}`, `io.example_echo@1.0.0-${'d'.repeat(64)}`];
    for (const name of [orphan, used]) mkdirSync(join(folder(name), 'server'), { recursive: true });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { echo: { command: 'node', args: [join(folder(used), 'server', 'index.js')], cwd: folder(used) } } }));
    const served = await startServe(home, [], { CONNECTED_SERVICES_PASSPHRASE: 'prune-test' }, undefined, { browserLink: false });
    try {
      const listed = await runCli(home, ['servers', 'prune-bundles', '--dry-run']);
      expect(listed.stderr).toBe('');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain(`  ${orphan}  `);
      expect(listed.stdout).not.toContain(used);
      const pruned = await runCli(home, ['servers', 'prune-bundles']);
      expect(pruned.code).toBe(0);
      expect(existsSync(folder(orphan))).toBe(false);
      expect(existsSync(folder(used))).toBe(true);
    } finally {
      await served.stop();
    }
  }, 120_000);
});
