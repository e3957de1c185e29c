import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCli, runNode, tempHome } from '../support/cli';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'edit-relative-walk' };

const entry = (home: string, name: string): Record<string, unknown> =>
  (JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, Record<string, unknown>> }).mcpServers[name] ?? {};

// A relative program given to `servers edit` runs where it was typed, as `servers add` records it.
describe('servers edit with a relative program', () => {
  const home = tempHome('cs-edit-relative-');
  const project = join(home, '..', 'proj');
  mkdirSync(project);
  writeFileSync(join(project, 'exists.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  // Typed in the project folder, as a person would.
  const inProject = (args: string[]) => runNode([CLI, '--home', home, 'servers', ...args], { env: { ...process.env, ...PASSPHRASE }, cwd: project });

  it('records the folder it was typed in as cwd, whether or not the file is there', async () => {
    expect((await runCli(home, ['servers', 'add', 'e', '--', 'npx', '-y', 'pkg'], { env: PASSPHRASE })).code).toBe(0);
    const there = await inProject(['edit', 'e', '--', './exists.sh']);
    expect(there.code, there.stderr).toBe(0);
    expect(entry(home, 'e')).toMatchObject({ command: './exists.sh', cwd: project });
    expect(there.stdout).toContain(`It runs in ${project}`);

    expect((await runCli(home, ['servers', 'add', 'g', '--', 'npx', '-y', 'pkg'], { env: PASSPHRASE })).code).toBe(0);
    const missing = await inProject(['edit', 'g', '--command', './gone.sh']);
    expect(missing.code, missing.stderr).toBe(0);
    expect(entry(home, 'g')).toMatchObject({ command: './gone.sh', cwd: project });
  }, 60_000);

  it('leaves a hand-written relative command without a cwd when only its arguments change', async () => {
    // Where run.sh lives is the person's to know: the edit typed in project names no program.
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { h: { command: './run.sh' } } }));
    const args = await inProject(['edit', 'h', '--arg', '--verbose']);
    expect(args.code, args.stderr).toBe(0);
    expect(entry(home, 'h')).toEqual({ command: './run.sh', args: ['--verbose'] });
    expect(args.stdout).not.toContain('It runs in');
  }, 60_000);

  it('records where new arguments naming a file here were typed, for a program found on PATH', async () => {
    writeFileSync(join(project, 'index.js'), '');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { n: { command: 'node' } } }));
    const args = await inProject(['edit', 'n', '--arg', 'index.js']);
    expect(args.code, args.stderr).toBe(0);
    expect(entry(home, 'n')).toEqual({ command: 'node', args: ['index.js'], cwd: project });
  }, 60_000);

  it('keeps the folder --cwd names', async () => {
    expect((await runCli(home, ['servers', 'add', 'c', '--', 'npx', '-y', 'pkg'], { env: PASSPHRASE })).code).toBe(0);
    const given = await inProject(['edit', 'c', '--cwd', '/srv', '--', './exists.sh']);
    expect(given.code, given.stderr).toBe(0);
    expect(entry(home, 'c')).toMatchObject({ command: './exists.sh', cwd: '/srv' });
  }, 60_000);
});
