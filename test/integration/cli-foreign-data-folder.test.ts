import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// A hostile review planted mcp.json and approvals.json in a folder others could write: `tools` ran
// the approved command as the person. The folder is now refused before anything in it is read.
describe.skipIf(process.platform === 'win32')('a data folder others may write', () => {
  it('is refused before its approved commands run, with what to do', async () => {
    const home = tempHome();
    const mark = join(mkdtempSync(join(tmpdir(), 'cs-planted-')), 'ran');
    const add = await runCli(home, ['servers', 'add', 'planted', '--', '/bin/sh', '-c', `touch ${mark}`]);
    expect(add.code, add.stderr).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'planted', '--yes'])).code).toBe(0);
    chmodSync(home, 0o777);

    const result = await runCli(home, ['tools', 'planted']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`The data folder ${home} can be changed by other users (mode 777)`);
    expect(result.stderr).toContain(`chmod 700 "${home}"`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(mark)).toBe(false);

    chmodSync(home, 0o700);
    const after = await runCli(home, ['servers', 'list']);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain('planted');
  });
});
