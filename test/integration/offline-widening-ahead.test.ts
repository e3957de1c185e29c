import { spawn } from 'node:child_process';
import { readFileSync, watch } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { AdminEntry } from '../../shared/api';
import { CLI, runCli, tempHome } from '../support/cli';
import { startServe } from '../support/serve';

/** Runs a CLI command and kills it (SIGKILL) the moment it replaces agents.json; bounded. */
function runKilledAtAgentsWrite(home: string, args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, '--home', home, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const watcher = watch(home, (_event, file) => {
      if (file === 'agents.json') child.kill('SIGKILL');
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`connected-services ${args.join(' ')} did not finish in time: ${out}`));
    }, 25_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      watcher.close();
      resolve({ code, signal, out });
    });
  });
}

// A widening made while no app runs is written ahead: killed once agents.json changed, it is still listed.
it('an offline `agents set` killed right after it changed agents.json is listed when the app next starts', async () => {
  const home = tempHome();
  const added = await runCli(home, ['agents', 'add', 'me', '--servers', 'mem', '--policy', 'read=allow,write=deny,destructive=deny']);
  expect(added.code, added.stderr).toBe(0);

  const set = await runKilledAtAgentsWrite(home, ['agents', 'set', 'me', '--servers', '*', '--policy', 'read=allow,write=allow,destructive=allow']);
  const agents = JSON.parse(readFileSync(join(home, 'agents.json'), 'utf8')) as { agents: { name: string; servers: unknown }[] };
  // The change is in force (the command got that far), whether or not it lived to say so.
  expect(JSON.stringify(agents.agents.find((a) => a.name === 'me')?.servers), set.out).toBe('["*"]');
  expect(readFileSync(join(home, 'audit', 'admin.jsonl'), 'utf8')).toContain('"method":"updateAgent"');

  const served = await startServe(home, [], { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' });
  try {
    const listed = (await served.api('listOfflineChanges')).body.result as AdminEntry[];
    const update = listed.find((e) => e.method === 'updateAgent');
    expect(update, JSON.stringify(listed)).toBeDefined();
    if (set.signal === 'SIGKILL') expect(update?.outcome).toMatch(/^(pending|ok)$/);
    if (update?.outcome === 'pending') expect(update.summary).toContain('may have been applied');
    expect(served.stderr()).toMatch(/change\(s\) were made from the command line or a program while the app was closed/);
  } finally {
    await served.stop();
  }
}, 90_000);
