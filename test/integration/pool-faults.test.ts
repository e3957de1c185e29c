import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool, type PoolOptions } from '../../electron/pool';
import type { McpConfig } from '../../shared/config';
import { faultServer, ROOT } from '../fixtures/servers/config';

const NAMED_TOOLS_SERVER = fileURLToPath(new URL('../fixtures/servers/named-tools-server.ts', import.meta.url));
const NEVER_READY = fileURLToPath(new URL('../fixtures/servers/never-ready.mjs', import.meta.url));
import { StateLog, isAlive, readPid, tempDir, textOf, waitFor } from '../support/server-harness';
import { rejection } from '../support/rejection';
import { INVALID_ANSWER_TEXT, NOT_JSONRPC_TEXT, STRING_ID_TEXT } from '../../electron/pool/invalid-answer';
import { tsEntry } from '../support/ts-entry';

const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

async function poolWith(servers: McpConfig['mcpServers'], options: Partial<PoolOptions> = {}) {
  const lines: string[] = [];
  const log = new StateLog();
  const cacheDir = tempDir('pool-faults-');
  const pool = createPool({ cacheDir, log: (l) => lines.push(l), ...options });
  pools.push(pool);
  pool.on('state', log.listener);
  await pool.apply({ mcpServers: servers });
  return { pool, log, lines, cacheDir };
}


function seen(pool: Pool): Promise<{ cancelled: number; lateAnswers: number }> {
  return pool.callTool('f', 'seen', {}).then((r) => JSON.parse(textOf(r)) as { cancelled: number; lateAnswers: number });
}

describe('pool: timeouts, cancellation, progress', () => {
  it('times out a call once, sends notifications/cancelled, and drops a late answer', async () => {
    const { pool, lines } = await poolWith({ f: faultServer() });
    // Started first: the call's own 150 ms would go to the start (library-call-timeout-start.test.ts).
    await pool.start('f');
    const error = await rejection(pool.callTool('f', 'slow', { ms: 600, lateAnswer: true }, { timeoutMs: 150 }));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('tool "slow" on "f" did not answer within 0.15 s and was cancelled');
    expect(error.hint).toContain('timeoutMs');
    // The server saw the cancellation (it arrived before this next request on the same pipe).
    expect((await seen(pool)).cancelled).toBe(1);
    // The server answers anyway; the pool drops that answer and stays usable.
    await waitFor('the late answer', async () => (await seen(pool)).lateAnswers === 1);
    await waitFor('the drop to be logged', () => lines.some((l) => l.includes('[f] dropped a late or repeated answer (request ')));
    expect(pool.status('f').state).toBe('ready');
    expect(textOf(await pool.callTool('f', 'slow', { ms: 0 }))).toBe('slept 0');
  });

  it('fails a call at once on a malformed answer, its id as a string or no "jsonrpc", naming the server, and names an answer to an id never asked', async () => {
    const { pool, lines } = await poolWith({ f: faultServer() });
    const both = await rejection(pool.callTool('f', 'badAnswer', { kind: 'both' }, { timeoutMs: 120_000 }));
    expect(both.code).not.toBe('timeout');
    expect(both.message).toContain(INVALID_ANSWER_TEXT);
    // The server broke the protocol: not an error it reported, and nothing a retry mends.
    expect(both.hint).toContain('not valid JSON-RPC');
    expect(both.hint).not.toContain('reported this error itself');
    const stringId = await rejection(pool.callTool('f', 'badAnswer', { kind: 'stringId' }, { timeoutMs: 120_000 }));
    expect(stringId.code).not.toBe('timeout');
    expect(stringId.message).toContain(STRING_ID_TEXT);
    const noJsonrpc = await rejection(pool.callTool('f', 'badAnswer', { kind: 'noJsonrpc' }, { timeoutMs: 120_000 }));
    expect(noJsonrpc.code).not.toBe('timeout');
    expect(noJsonrpc.message).toContain(NOT_JSONRPC_TEXT);
    expect(noJsonrpc.message).toContain('"f"');
    // A request of the SDK's own path (a read, not the pool's direct tools/call) is failed alike.
    const read = await rejection(pool.readResource('f', 'fixture://string-id', { timeoutMs: 120_000 }));
    expect(read.code).not.toBe('timeout');
    expect(read.message).toContain(STRING_ID_TEXT);
    expect(read.hint).toContain('tell the maintainers of "f"');
    expect(textOf(await pool.callTool('f', 'badAnswer', { kind: 'strayId' }))).toBe('answered');
    await waitFor('the stray answer to be logged', () => lines.includes('[f] dropped an answer to an id it was never asked (99999)'));
    expect(lines.some((l) => l.includes('ignored a stdout line'))).toBe(false);
    expect(pool.status('f').state).toBe('ready');
  });

  it('keeps the first of two tools of one name and says so once in the server\'s log', async () => {
    const names = [{ name: 'dup', description: 'dup1' }, 'other', { name: 'dup', description: 'dup2' }];
    const server = { command: process.execPath, args: tsEntry(NAMED_TOOLS_SERVER), cwd: ROOT, env: { TOOL_NAMES: JSON.stringify(names) } };
    const { pool, lines } = await poolWith({ d: server });
    await pool.start('d');
    expect((await pool.tools('d')).map((t) => [t.name, t.description])).toEqual([['dup', 'dup1'], ['other', 'other']]);
    expect(lines.filter((l) => l.startsWith('[d] lists more than one tool'))).toEqual(['[d] lists more than one tool named "dup"; only the first of each is kept']);
  });

  it('uses the server timeoutMs when the call gives none', async () => {
    const { pool } = await poolWith({ f: faultServer('normal', {}, { timeoutMs: 200 }) });
    expect((await rejection(pool.callTool('f', 'slow', { ms: 5000 }))).code).toBe('timeout');
    expect((await seen(pool)).cancelled).toBe(1);
  });

  it('aborts a call through its signal and cancels it upstream', async () => {
    const { pool } = await poolWith({ f: faultServer() });
    await pool.start('f');
    const controller = new AbortController();
    const call = pool.callTool('f', 'slow', { ms: 5000 }, { signal: controller.signal, timeoutMs: 20_000 });
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(call);
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('was cancelled by the caller');
    expect((await seen(pool)).cancelled).toBe(1);
  });

  it('passes progress notifications through', async () => {
    const { pool } = await poolWith({ f: faultServer() });
    const progress: unknown[] = [];
    const result = await pool.callTool('f', 'progress', { steps: 3 }, { onProgress: (p) => progress.push(p) });
    expect(textOf(result)).toBe('done');
    expect(progress).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
    // Without a listener no progress token is sent.
    expect(textOf(await pool.callTool('f', 'progress', { steps: 1 }))).toBe('no progress token');
  });

  it('passes tool-level errors through as results, and reads resources and prompts', async () => {
    const { pool } = await poolWith({ f: faultServer() });
    const result = await pool.callTool('f', 'fail', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('it went wrong');
    expect(await pool.readResource('f', 'fixture://hello')).toEqual({ contents: [{ uri: 'fixture://hello', text: 'hello resource' }] });
    const prompt = await pool.getPrompt('f', 'greet', { who: 'Ada' });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'hello Ada' } }]);
  });
});

describe('pool: list_changed', () => {
  it('refreshes the inventory and the cache when the server says its tools changed', async () => {
    const { pool, cacheDir } = await poolWith({ f: faultServer() });
    await pool.start('f');
    const inventory = new Promise<void>((resolve) => {
      const off = pool.on('inventory', ({ server }) => {
        if (server === 'f') {
          off();
          resolve();
        }
      });
    });
    expect((await pool.tools('f')).map((t) => t.name)).not.toContain('added');
    await pool.callTool('f', 'addTool', { name: 'added' });
    await inventory;
    expect((await pool.tools('f')).map((t) => t.name)).toContain('added');
    expect(pool.status('f').toolCount).toBe((await pool.tools('f')).length);
    expect(readFileSync(join(cacheDir, 'f.json'), 'utf8')).toContain('"added"');
    expect(textOf(await pool.callTool('f', 'added', {}))).toBe('added');
  });
});

describe('pool: crashes and restarts', () => {
  it('fails an in-flight call at once when the server exits, then restarts it', async () => {
    const { pool, log } = await poolWith({ f: faultServer() }, { restartPolicy: { baseDelayMs: 20 } });
    await pool.start('f');
    const mark = log.mark();
    // A long timeout: a `timeout` here would mean the crash went unnoticed.
    const error = await rejection(pool.callTool('f', 'crash', {}, { timeoutMs: 25_000 }));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('"f" exited with code 3 during tool "crash": fatal: the crash tool was called');
    expect(String(error.data?.['stderr'])).toContain('fatal: the crash tool was called');
    const ready = await log.waitFor('f', (s) => s.state === 'ready', mark);
    expect(ready.crashes).toBe(1);
    expect(log.states('f').slice(-3)).toEqual(['error', 'starting', 'ready']);
    expect(ready.lastError?.code).toBe('server_unavailable');
    expect(textOf(await pool.callTool('f', 'slow', { ms: 0 }))).toBe('slept 0');
  });

  it('restarts a server that exits while idle, in the background', async () => {
    const { pool, log } = await poolWith({ f: faultServer() }, { restartPolicy: { baseDelayMs: 20 } });
    const before = Number(textOf(await pool.callTool('f', 'pid', {})));
    const mark = log.mark();
    expect(textOf(await pool.callTool('f', 'exitSoon', {}))).toBe('bye');
    await log.waitFor('f', (s) => s.state === 'error', mark);
    await log.waitFor('f', (s) => s.state === 'ready', mark);
    const after = Number(textOf(await pool.callTool('f', 'pid', {})));
    expect(after).not.toBe(before);
    expect(isAlive(before)).toBe(false);
    expect(pool.status('f').lastError?.message).toBe('"f" exited with code 4 while running');
  });

  it('stops restarting after maxCrashes until start() is called', async () => {
    const { pool, log } = await poolWith({ f: faultServer() }, { restartPolicy: { baseDelayMs: 20, maxCrashes: 3, windowMs: 60_000 } });
    for (let crash = 1; crash <= 3; crash++) {
      const mark = log.mark();
      expect((await rejection(pool.callTool('f', 'crash', {}))).code).toBe('server_unavailable');
      if (crash < 3) await log.waitFor('f', (s) => s.state === 'ready', mark);
    }
    const status = await waitFor('the give-up', () => {
      const s = pool.status('f');
      return s.crashes === 3 && s.state === 'error' ? s : undefined;
    });
    expect(status.lastError?.message).toContain('no longer restarted after 3 crashes within 60 s');
    expect(status.lastError?.hint).toBe('Run `connected-services connect f` to start it again');
    // Calls do not restart it either.
    const mark = log.mark();
    const refused = await rejection(pool.callTool('f', 'slow', { ms: 0 }));
    expect(refused.code).toBe('server_unavailable');
    expect(refused.hint).toBe('Run `connected-services connect f` to start it again');
    // Well past the backoff (20/40 ms): still no restart.
    await new Promise((r) => setTimeout(r, 300));
    expect(log.events.slice(mark).map((e) => e.state)).toEqual([]);
    expect((await pool.start('f')).state).toBe('ready');
  });

  it('does not restart a server stopped by us', async () => {
    const { pool, log } = await poolWith({ f: faultServer() }, { restartPolicy: { baseDelayMs: 10 } });
    await pool.start('f');
    const mark = log.mark();
    expect((await pool.stop('f')).state).toBe('stopped');
    await new Promise((r) => setTimeout(r, 200));
    expect(log.events.slice(mark).map((e) => e.state)).toEqual(['stopped']);
    expect(pool.status('f').crashes).toBe(0);
    // A later call starts it again (stopped is not disabled).
    expect(textOf(await pool.callTool('f', 'slow', { ms: 0 }))).toBe('slept 0');
  });
});

describe('pool: servers that never work', () => {
  it('gives up on a server that never answers initialize, and kills it (SIGKILL if it ignores SIGTERM)', async () => {
    const pidFile = join(tempDir(), 'pid');
    // A server without imports: its SIGTERM handler is in place long before the 4 s, however loaded the machine.
    const config = { command: process.execPath, args: [NEVER_READY], env: { PID_FILE: pidFile, IGNORE_SIGTERM: '1' }, startupTimeoutMs: 4000 };
    const { pool, lines } = await poolWith({ f: config }, { stopGraceMs: 300 });
    const error = await rejection(pool.start('f'));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('"f" did not finish starting within 4 s');
    expect(error.hint).toContain('startupTimeoutMs');
    const status = pool.status('f');
    expect(status.state).toBe('error');
    expect(status.lastError?.code).toBe('timeout');
    expect(isAlive(readPid(pidFile))).toBe(false);
    expect(lines.some((l) => l.includes('sent SIGKILL'))).toBe(true);
  });

  it('closes a server that floods stdout without newlines', async () => {
    const pidFile = join(tempDir(), 'pid');
    const { pool } = await poolWith({ f: faultServer('flood', { PID_FILE: pidFile }) }, { maxMessageBytes: 256 * 1024 });
    const error = await rejection(pool.start('f'));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('"f" wrote more than 256 KiB without a line break; it was stopped');
    expect(error.hint).toContain('newline-delimited JSON-RPC');
    expect(pool.status('f').state).toBe('error');
    expect(isAlive(readPid(pidFile))).toBe(false);
  });

  it('tells a message too large to read from stray output: it asks for less, not for another command', async () => {
    const pidFile = join(tempDir(), 'pid');
    const { pool } = await poolWith({ f: faultServer('flood', { PID_FILE: pidFile, FLOOD_JSON: '1' }) }, { maxMessageBytes: 1024 * 1024 });
    const error = await rejection(pool.start('f'));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('"f" sent a message over 1 MiB; it was not read, and the server was stopped (one message from a server may hold at most 1 MiB)');
    expect(error.hint).toContain('ask it for less');
    expect(error.hint).not.toContain('JSON-RPC');
    expect(isAlive(readPid(pidFile))).toBe(false);
  });

  it('says how to fix a command that is not on PATH', async () => {
    const { pool } = await poolWith({ f: { command: 'connected-services-no-such-command', args: ['x'] } });
    const error = await rejection(pool.start('f'));
    expect(error.code).toBe('server_unavailable');
    expect(error.hint).toBe('`connected-services-no-such-command` was not found on PATH; run `connected-services doctor`');
    expect(pool.status('f')).toMatchObject({ state: 'error', lastError: { code: 'server_unavailable' } });
    // A call tries again (no automatic loop) and fails the same way.
    expect((await rejection(pool.callTool('f', 'x', {}))).hint).toBe(error.hint);
  });

  it('says a path names no program, and a script that is there lacks its #! interpreter (neither is looked up on PATH)', async () => {
    const dir = tempDir();
    const script = join(dir, 'server');
    writeFileSync(script, '#!/nonexistent/interpreter\n');
    chmodSync(script, 0o755);
    const { pool } = await poolWith({ gone: { command: join(dir, 'no-such-program') }, script: { command: script } });
    expect((await rejection(pool.start('gone'))).hint).toBe(`there is no program at \`${join(dir, 'no-such-program')}\`: fix the command of "gone" (\`connected-services servers edit gone --command …\`), or install the program there`);
    expect((await rejection(pool.start('script'))).hint).toContain('is there, but the interpreter its first line (`#!…`) names was not found');
  });

  it('reports a server that exits while starting with its exit code and stderr, redacted', async () => {
    const script = "console.error('config error: GITHUB_TOKEN=ghp_notreallyasecret1234 rejected'); process.exit(2)";
    const { pool } = await poolWith({ f: { command: process.execPath, args: ['-e', script] } });
    const error = await rejection(pool.start('f'));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('"f" exited with code 2 while starting: config error: GITHUB_TOKEN=[redacted] rejected');
    expect(JSON.stringify(pool.status('f'))).not.toContain('ghp_notreallyasecret1234');
  });

  it('says when the working directory is missing', async () => {
    const cwd = join(tempDir(), 'gone');
    const { pool } = await poolWith({ f: faultServer('normal', {}, { cwd }) });
    const error = await rejection(pool.start('f'));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toContain('does not exist');
    expect(existsSync(cwd)).toBe(false);
  });
});
