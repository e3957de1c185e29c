import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startServe } from '../support/serve';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'interrupt-walk' };

/** A stdio MCP server whose one tool never answers; it creates `marker` when the call arrives. */
function slowServer(marker: string): string {
  const script = join(mkdtempSync(join(tmpdir(), 'cs-interrupt-server-')), 'slow.js');
  writeFileSync(
    script,
    `const { writeFileSync } = require('node:fs');
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
let rest = '';
process.stdin.on('data', (chunk) => {
  rest += chunk;
  for (let at = rest.indexOf('\\n'); at >= 0; at = rest.indexOf('\\n')) {
    const m = JSON.parse(rest.slice(0, at));
    rest = rest.slice(at + 1);
    if (m.method === 'initialize') send({ id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'slow', version: '1' } } });
    else if (m.method === 'tools/list') send({ id: m.id, result: { tools: [{ name: 'wait', inputSchema: { type: 'object' } }] } });
    else if (m.method === 'tools/call') writeFileSync(${JSON.stringify(marker)}, 'called');
    else if (m.id !== undefined) send({ id: m.id, error: { code: -32601, message: 'no such method' } });
  }
});
`,
  );
  return script;
}

/** Resolves once `file` exists (the directory watched, so its creation is not missed). */
function created(file: string): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      if (!existsSync(file)) return;
      watcher.close();
      resolve();
    };
    const watcher = watch(join(file, '..'), done);
    done();
  });
}

// Ctrl-C says what it did: a call is cancelled (exit 130), serve says it is stopping and then stopped.
describe('Ctrl-C at the command line', () => {
  it('during `call`: the call is cancelled, the server told, and the command says so with exit 130', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-interrupt-');
    const marker = join(mkdtempSync(join(tmpdir(), 'cs-interrupt-marker-')), 'called');
    expect((await runCli(home, ['servers', 'add', 'slow', '--', 'node', slowServer(marker)], { env: PASSPHRASE })).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'slow', '--yes'], { env: PASSPHRASE })).code).toBe(0);
    const child = spawn(process.execPath, [CLI, '--home', home, 'call', 'slow', 'wait', '{}'], { env: { ...process.env, ...PASSPHRASE }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // The call reached the server: now it is in flight.
    await created(marker);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toBe('Cancelled the call of wait on slow (the server was told).\n');
  }, 90_000);

  it('during `serve`: it says it is stopping, then that it stopped, and exits 0', async () => {
    const served = await startServe(await passphraseHome(PASSPHRASE, 'cs-interrupt-serve-'), [], PASSPHRASE);
    const exited = new Promise<number | null>((resolve) => served.child.once('exit', (code) => resolve(code)));
    served.child.kill('SIGINT');
    expect(await exited).toBe(0);
    // A demo server starting or answering as serve stops may log a line of its own in between.
    expect(served.stderr()).toMatch(/Stopping Connected Services…\n(?:\[[\w-]+\] .*\n)*Stopped\.\n$/);
  }, 90_000);
});
