import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { tsEntry } from '../support/ts-entry';

const LONG_NAMES_SERVER = fileURLToPath(new URL('../fixtures/servers/long-names-server.ts', import.meta.url));

// A Hangul filler draws nothing (`Slack\u3164` reads as `Slack`) and a braille blank draws a space:
// a tool could pass for another, or a description hide a word, unless both are shown.
const NAME = 'read\u3164file';
const DESCRIPTION = 'Reads\u2800a file\u3164 (\u2813\u2811\u2800\u283a\u2815 braille stays)';

describe('`tools` with a server whose tool name and description carry a Hangul filler and a braille blank', () => {
  it('shows them escaped in the table, and --json has them as sent', async () => {
    const home = tempHome();
    const folder = mkdtempSync(join(tmpdir(), 'cs-invisible-'));
    writeFileSync(join(folder, 'name'), NAME);
    writeFileSync(join(folder, 'description'), DESCRIPTION);
    const env = [`NAME_FILE=${join(folder, 'name')}`, '--env', `DESCRIPTION_FILE=${join(folder, 'description')}`];
    const add = ['servers', 'add', 'blank', '--cwd', ROOT, '--env', ...env, '--', process.execPath, ...tsEntry(LONG_NAMES_SERVER)];
    expect((await runCli(home, add)).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'blank', '--yes'])).code).toBe(0);

    const listed = await runCli(home, ['tools', 'blank']);
    expect(listed.code, listed.stderr).toBe(0);
    const row = listed.stdout.split('\n').find((l) => l.startsWith('blank'));
    // Padded as printed: `blank` to the header's six columns, the escaped name to its own width.
    expect(row).toBe('blank   read\\u3164file  Reads\\u2800a file\\u3164 (\u2813\u2811\u2800\u283a\u2815 braille stays)');
    expect(listed.stdout).not.toMatch(/\u3164|a\u2800|s\u2800/);

    const json = await runCli(home, ['tools', 'blank', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ name: NAME, description: DESCRIPTION })]);
  }, 60_000);

  it('`servers review` shows them escaped in a new tool held for review and in a changed description', async () => {
    const home = tempHome();
    const folder = mkdtempSync(join(tmpdir(), 'cs-invisible-'));
    writeFileSync(join(folder, 'name'), 'read_file');
    writeFileSync(join(folder, 'description'), 'Reads a file.');
    const env = [`NAME_FILE=${join(folder, 'name')}`, '--env', `DESCRIPTION_FILE=${join(folder, 'description')}`];
    const add = ['servers', 'add', 'blank', '--cwd', ROOT, '--env', ...env, '--', process.execPath, ...tsEntry(LONG_NAMES_SERVER)];
    expect((await runCli(home, add)).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'blank', '--yes'])).code).toBe(0);
    expect((await runCli(home, ['tools', 'blank'])).code).toBe(0);
    // The server now lists a second tool whose name differs from the first by a filler, and changes the description.
    writeFileSync(join(folder, 'description'), DESCRIPTION);
    writeFileSync(join(folder, 'name'), `read_file\n${NAME}`);
    expect((await runCli(home, ['tools', 'blank', '--refresh'])).code).toBe(0);

    const review = await runCli(home, ['servers', 'review', 'blank']);
    expect(review.code, review.stderr).toBe(0);
    const lines = review.stdout.split('\n');
    expect(lines).toContain('  description: Reads{+\\u2800+}a file[-.-]{+\\u3164 (\u2813\u2811\u2800\u283a\u2815 braille stays)+}');
    expect(lines.some((l) => l.startsWith('tool read\\u3164file (new, seen '))).toBe(true);
    expect(lines).toContain('  description: {+Reads\\u2800a file\\u3164 (\u2813\u2811\u2800\u283a\u2815 braille stays)+}');
    expect(review.stdout).not.toMatch(/\u3164|a\u2800|s\u2800|\+\u2800/);
  }, 90_000);
});
