import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { columnWidth } from '../../shared/text';
import { ROOT } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { tsEntry } from '../support/ts-entry';

const LONG_NAMES_SERVER = fileURLToPath(new URL('../fixtures/servers/long-names-server.ts', import.meta.url));

describe('`tools` with a server whose tool name runs to 1,000 characters', () => {
  it('cuts the name in the table, so the other rows keep their width, and --json has it whole', async () => {
    const home = tempHome();
    const name = `t${'x'.repeat(999)}`;
    const file = join(mkdtempSync(join(tmpdir(), 'cs-long-name-')), 'name');
    writeFileSync(file, name);
    const add = ['servers', 'add', 'long', '--cwd', ROOT, '--env', `NAME_FILE=${file}`, '--', process.execPath, ...tsEntry(LONG_NAMES_SERVER)];
    expect((await runCli(home, add)).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'long', '--yes'])).code).toBe(0);
    expect((await runCli(home, ['tools', 'everything'])).code).toBe(0);

    const listed = await runCli(home, ['tools']);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    // Each row's description starts where the widest shown name ends: no row is a kilobyte of padding.
    for (const line of lines) expect(line.length).toBeLessThan(250);
    expect(lines.some((l) => l.includes(`${name.slice(0, 63)}…`))).toBe(true);
    expect(listed.stderr).toContain('note: names wider than 64 columns are cut (…); --json shows them whole');

    const json = await runCli(home, ['tools', 'long', '--json']);
    expect((JSON.parse(json.stdout) as { name: string }[]).map((t) => t.name)).toEqual([name]);
  });

  it('cuts a CJK name and an emoji description by the columns a terminal gives them, two each, not by characters', async () => {
    const home = tempHome();
    const folder = mkdtempSync(join(tmpdir(), 'cs-wide-name-'));
    const name = '漢'.repeat(40);
    const description = `${'😀'.repeat(60)} ${'説明'.repeat(40)}`;
    writeFileSync(join(folder, 'name'), name);
    writeFileSync(join(folder, 'description'), description);
    const env = [`NAME_FILE=${join(folder, 'name')}`, '--env', `DESCRIPTION_FILE=${join(folder, 'description')}`];
    const add = ['servers', 'add', 'wide', '--cwd', ROOT, '--env', ...env, '--', process.execPath, ...tsEntry(LONG_NAMES_SERVER)];
    expect((await runCli(home, add)).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'wide', '--yes'])).code).toBe(0);

    const listed = await runCli(home, ['tools', 'wide']);
    expect(listed.code, listed.stderr).toBe(0);
    const row = listed.stdout.split('\n').find((l) => l.startsWith('wide'));
    // 40 wide characters are 80 columns: 31 and the `…` fit in 64; the description's 100 hold 49 emoji and the `…`.
    expect(row).toBe(`wide    ${'漢'.repeat(31)}…  ${'😀'.repeat(49)}…`);
    expect(columnWidth(row ?? '')).toBeLessThanOrEqual(8 + 64 + 2 + 100);
    expect(listed.stderr).toContain('note: names wider than 64 columns are cut (…); --json shows them whole');
  }, 60_000);
});
