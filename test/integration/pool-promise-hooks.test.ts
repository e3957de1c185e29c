import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EVERYTHING, ROOT } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';

const SCRIPT = 'test/fixtures/pool/promise-hooks-after-start.ts';

// A stdio server's start and calls leave the process's promises unhooked: an AsyncLocalStorage run
// once (a remote server's request operation) costs every later promise of every agent's call.
describe('a stdio server in the pool', () => {
  it('leaves promise hooks off in its process after its start and a call', async () => {
    const server = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
    const { stdout } = await promisify(execFile)(process.execPath, tsEntry(SCRIPT), { cwd: ROOT, env: { ...process.env, POOL_SERVER: JSON.stringify(server) }, timeout: 60_000 });
    expect(JSON.parse(stdout.trim().split('\n').pop() ?? '{}')).toEqual({ hooked: false });
  }, 90_000);
});
