import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli, runNode } from '../support/cli';
import { checkNamed, doctorJson, PASSPHRASE } from '../support/doctor-json';
import { passphraseHome } from '../support/passphrase-home';

// A relative command runs from the entry's cwd (spawn starts the child there), wherever doctor is run.
describe('doctor and a command given as a relative path', () => {
  it("finds it from the entry's cwd, and says which path holds no program", async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-doctor-relative-');
    const project = join(home, '..', 'proj');
    mkdirSync(project);
    writeFileSync(join(project, 'srv.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    writeFileSync(join(project, 'plain.sh'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(project, 'plain.sh'), 0o644);
    for (const args of [
      ['rel', '--', './srv.sh'],
      ['gone', '--cwd', project, '--', './gone.sh'],
      ['plain', '--', './plain.sh'],
      ['nowhere', '--cwd', join(project, 'missing'), '--', 'node', 'x.js'],
    ]) {
      // Typed in the project folder, as a person would.
      const added = await runNode([CLI, '--home', home, 'servers', 'add', ...args], { env: { ...process.env, ...PASSPHRASE }, cwd: project });
      expect(added.code, `${args.join(' ')}: ${added.stderr}`).toBe(0);
    }
    expect((await runCli(home, ['servers', 'approve', 'rel', '--yes'], { env: PASSPHRASE })).code).toBe(0);
    // Run from elsewhere (the repository), where ./srv.sh is not.
    expect(ROOT).not.toBe(project);
    const { checks } = await doctorJson(home);
    const check = (id: string) => checkNamed(checks, id);
    expect(check('server:rel')).toMatchObject({ status: 'ok', detail: `command found at ${join(project, 'srv.sh')}` });
    expect(check('server:gone')).toMatchObject({ status: 'fail', detail: `there is no program at ${join(project, 'gone.sh')}` });
    expect(check('server:gone').fix).toBe(`Install the program there, or fix "command" or "cwd" in ${join(home, 'mcp.json')}`);
    expect(check('server:plain')).toMatchObject({ status: 'fail', detail: `${join(project, 'plain.sh')} is not an executable file` });
    expect(check('server:nowhere')).toMatchObject({ status: 'fail', detail: `its working directory ${join(project, 'missing')} does not exist` });
    expect(JSON.stringify(checks)).not.toContain('not found on PATH');
  }, 60_000);
});
