import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';

const LONG_NAMES_SERVER = fileURLToPath(new URL('../fixtures/servers/long-names-server.ts', import.meta.url));

describe('`tools` with a server whose tool name runs to 1,000 characters', () => {
  it('cuts the name in the table, so the other rows keep their width, and --json has it whole', async () => {
    const home = tempHome();
    const name = `t${'x'.repeat(999)}`;
    const file = join(mkdtempSync(join(tmpdir(), 'cs-long-name-')), 'name');
    writeFileSync(file, name);
    const add = ['servers', 'add', 'long', '--cwd', ROOT, '--env', `NAME_FILE=${file}`, '--', process.execPath, '--import', 'tsx', LONG_NAMES_SERVER];
    expect((await runCli(home, add)).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'long', '--yes'])).code).toBe(0);
    expect((await runCli(home, ['tools', 'everything'])).code).toBe(0);

    const listed = await runCli(home, ['tools']);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    // Each row's description starts where the widest shown name ends: no row is a kilobyte of padding.
    for (const line of lines) expect(line.length).toBeLessThan(250);
    expect(lines.some((l) => l.includes(`${name.slice(0, 63)}…`))).toBe(true);
    expect(listed.stderr).toContain('note: names longer than 64 characters are cut (…); --json shows them whole');

    const json = await runCli(home, ['tools', 'long', '--json']);
    expect((JSON.parse(json.stdout) as { name: string }[]).map((t) => t.name)).toEqual([name]);
  });
});
