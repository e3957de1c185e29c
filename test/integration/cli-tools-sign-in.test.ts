import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli, runNode, type CliResult } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startStack, type Stack } from '../support/oauth-stack';
import { startServe } from '../support/serve';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'tools sign-in test passphrase' };
const NEEDS = 'notes needs a sign-in first: run `connected-services connect notes`';

// `tools NAME` on a server behind OAuth (oidc-provider), run by a script: no terminal, no browser to follow.
describe('tools NAME on a server that needs a sign-in, from a script', () => {
  let stack: Stack;
  let child: ChildProcess;
  let opened: string;
  let bin: string;
  beforeAll(async () => {
    ({ stack, child } = await startStack());
    // A system opener that only leaves a mark: whether anything tried to open a sign-in page.
    bin = mkdtempSync(join(tmpdir(), 'cs-opener-'));
    opened = join(bin, 'opened');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" > '${opened}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
  });
  afterAll(() => {
    child.stdin?.end();
    child.kill();
  });

  /** The CLI with stdin and stdout piped (a script), `display` or none; bounded: a wait fails the test. */
  function script(home: string, args: string[], display: boolean): Promise<CliResult> {
    const env: Record<string, string | undefined> = { ...process.env, ...PASSPHRASE, PATH: `${bin}${delimiter}${process.env['PATH'] ?? ''}` };
    delete env['DISPLAY'];
    delete env['WAYLAND_DISPLAY'];
    delete env['BROWSER'];
    if (display) env['DISPLAY'] = ':99';
    return runNode([CLI, '--home', home, ...args], { env, timeoutMs: 20_000, what: `connected-services ${args.join(' ')}` });
  }

  async function added(): Promise<string> {
    const home = await passphraseHome(PASSPHRASE, 'cs-tools-sign-in-');
    expect((await runCli(home, ['servers', 'add', 'notes', '--url', stack.mcpUrl], { env: PASSPHRASE })).code).toBe(0);
    return home;
  }

  it.each([
    ['no display', false],
    ['a display, but no terminal', true],
  ])('with %s: says which command signs in and exits 5, opening nothing', async (_, display) => {
    const home = await added();
    const result = await script(home, ['tools', 'notes'], display);
    expect(result.stderr).toContain(`error [auth_required]: ${NEEDS}`);
    expect(result.code).toBe(5);
    expect(existsSync(opened)).toBe(false);
    // Every server listed: the one that needs a sign-in is named with its step, the command succeeds.
    const all = await script(home, ['tools'], display);
    expect(all.stderr).toContain(`notes: ${NEEDS}`);
    expect(all.code).toBe(0);
    expect(existsSync(opened)).toBe(false);
  }, 60_000);

  it('through a running app: the app begins no sign-in either, and the command exits 5', async () => {
    const home = await added();
    const served = await startServe(home, [], PASSPHRASE);
    try {
      const result = await script(home, ['tools', 'notes'], false);
      expect(result.stderr).toContain(`error [auth_required]: ${NEEDS}`);
      expect(result.code).toBe(5);
      expect((await served.api('listSignIns', {})).body.result).toEqual([]);
      expect(existsSync(opened)).toBe(false);
    } finally {
      await served.stop();
    }
  }, 60_000);
});
