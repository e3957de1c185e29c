import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVERYTHING } from '../fixtures/servers/config';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { PASSPHRASE } from '../support/secret-store-scenario';

// docs/vault.md, `timeoutMs`: past it the store's program is stopped with every program it started,
// also when the command that ran it is one-shot and exits right after printing the timeout.
const MANAGER = fileURLToPath(new URL('../fixtures/secret-stores/password-manager.mjs', import.meta.url));

/** The pids of every process whose process group is `group`, from /proc. */
function groupMembers(group: number): number[] {
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // After the command's `)`: state, ppid, pgrp (proc(5)).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === group && fields[0] !== 'Z') members.push(Number(name));
  }
  return members;
}

describe.runIf(process.platform === 'linux')('a store program that hangs in a one-shot command', () => {
  it('is killed with what it started before the command exits, and leaves no run record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-hang-'));
    const items = join(dir, 'items.json');
    const pids = join(dir, 'pids');
    writeFileSync(items, JSON.stringify({ hang: pids }));
    const home = await passphraseHome(PASSPHRASE, 'cs-store-hang-');
    const config = {
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { STORE_VALUE: '${secret:op:item}' } } },
      settings: { secretStores: { op: { type: 'command', command: process.execPath, args: [MANAGER, items, 'read', '{path}'], timeoutMs: 5000 } } },
    };
    // Long enough for the program to start its helper and write their pids on a loaded machine: it hangs after anyway.
    writeFileSync(join(home, 'mcp.json'), JSON.stringify(config));
    const cli = (args: string[]) => runCli(home, args, { env: PASSPHRASE });
    expect((await cli(['secrets', 'stores', 'approve', 'op', '--yes'])).code).toBe(0);
    expect((await cli(['servers', 'approve', 'everything'])).code).toBe(0);

    const called = await cli(['call', 'everything', 'get-env', '{}']);
    expect(called.code).not.toBe(0);
    expect(called.stderr).toContain('The secret store "op" did not answer within 5 s');
    const [program, helper] = readFileSync(pids, 'utf8').split(' ').map(Number);
    expect(program).toBeGreaterThan(0);
    expect(helper).toBeGreaterThan(0);
    // Checked as the command exits: nothing of the program's group is left, running or stopped.
    expect(groupMembers(program ?? 0)).toEqual([]);
    const runs = join(home, 'runs');
    expect(existsSync(runs) ? readdirSync(runs) : []).toEqual([]);
  }, 60_000);
});
