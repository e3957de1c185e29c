import { Writable } from 'node:stream';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { redactor } from '../../shared/redact';
import { FakeChild, spawnOf } from '../../test/support';
import { INVALID_ANSWER_TEXT } from './invalid-answer';
import { toPoolError } from './map-error';
import { StdinWriteError } from './stdin-write-error';
import { MAX_QUEUED_MESSAGES, STDERR_TAIL_BYTES, StdioProcessTransport, type SpawnLike, type StdioTransportOptions } from './stdio-transport';

function harness(options: Partial<StdioTransportOptions> = {}) {
  const child = new FakeChild();
  const logs: string[] = [];
  const spawned: { command: string; args: readonly string[]; env: unknown; detached: unknown }[] = [];
  const spawn = spawnOf(child, spawned);
  // win32: signals go to the fake child, never to a real process group.
  const transport = new StdioProcessTransport({
    server: 'fake',
    command: 'fake-server',
    args: ['--x'],
    env: { PATH: '/bin' },
    spawn,
    platform: 'win32',
    stopGraceMs: 50,
    log: (line) => logs.push(line),
    ...options,
  });
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  let closed = 0;
  transport.onmessage = (m) => messages.push(m);
  transport.onerror = (e) => errors.push(e);
  transport.onclose = () => closed++;
  return { child, spawned, transport, messages, errors, logs, closed: () => closed };
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setImmediate(r));
  expect(check()).toBe(true);
};

describe('StdioProcessTransport', () => {
  it('spawns with the given env and no shell, and reads lines split across chunks in order', async () => {
    const { child, spawned, transport, messages, logs } = harness();
    await transport.start();
    expect(spawned).toEqual([{ command: 'fake-server', args: ['--x'], env: { PATH: '/bin' }, detached: false }]);
    child.stdout.write('{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}\n{"jsonrpc":"2.0",');
    child.stdout.write('"id":1,"result":{}}\nnot json\n');
    await until(() => messages.length === 2 && logs.length === 1);
    expect(messages.map((m) => ('method' in m ? m.method : 'response'))).toEqual(['notifications/progress', 'response']);
    expect(logs).toEqual(['[fake] ignored a stdout line that is not JSON-RPC: not json']);
    // A result answered: the server started (ended-error.ts).
    expect(transport.answered).toBe(true);
  });

  it('turns a malformed answer (both result and error) into an error answer for its id, not a stray line', async () => {
    const { child, transport, messages, logs } = harness();
    await transport.start();
    child.stdout.write('{"jsonrpc":"2.0","id":3,"result":{},"error":{"code":1,"message":"x"}}\n{"jsonrpc":"2.0","id":"4","error":"no"}\n');
    await until(() => messages.length === 2);
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 3, error: { code: -32603, message: INVALID_ANSWER_TEXT } },
      { jsonrpc: '2.0', id: '4', error: { code: -32603, message: INVALID_ANSWER_TEXT } },
    ]);
    expect(logs).toEqual([]);
    expect(transport.answered).toBe(false);
  });

  it('writes newline-delimited JSON to stdin', async () => {
    const { child, transport } = harness();
    await transport.start();
    const chunks: string[] = [];
    child.stdin.on('data', (c: Buffer) => chunks.push(c.toString()));
    await transport.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
    expect(chunks.join('')).toBe('{"jsonrpc":"2.0","id":7,"method":"ping"}\n');
  });

  it('sends the messages of one tick in a single write, so the server wakes once for a burst', async () => {
    const { child, transport } = harness();
    await transport.start();
    const writes: string[][] = [];
    const stdin = new Writable({
      write(chunk: Buffer, _encoding, done) {
        writes.push([chunk.toString()]);
        done();
      },
      writev(chunks, done) {
        writes.push(chunks.map((c) => String(c.chunk)));
        done();
      },
    });
    Object.defineProperty(child, 'stdin', { value: stdin });
    await Promise.all([1, 2, 3].map((id) => transport.send({ jsonrpc: '2.0', id, method: 'ping' })));
    await transport.send({ jsonrpc: '2.0', id: 4, method: 'ping' });
    expect(writes.map((w) => w.length)).toEqual([3, 1]);
    expect(writes.flat().join('')).toBe([1, 2, 3, 4].map((id) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}\n`).join(''));
  });

  it('sends what separate callbacks of one event-loop turn send in a single write (agent requests read together)', async () => {
    const { child, transport } = harness();
    await transport.start();
    const writes: number[] = [];
    const stdin = new Writable({
      write(_chunk: Buffer, _encoding, done) {
        writes.push(1);
        done();
      },
      writev(chunks, done) {
        writes.push(chunks.length);
        done();
      },
    });
    Object.defineProperty(child, 'stdin', { value: stdin });
    // Two callbacks of one phase, as two HTTP requests read in one poll: each sends after its own ticks.
    await Promise.all(
      [1, 2].map(
        (id) => new Promise<void>((resolve, reject) => setImmediate(() => process.nextTick(() => transport.send({ jsonrpc: '2.0', id, method: 'ping' }).then(resolve, reject)))),
      ),
    );
    expect(writes).toEqual([2]);
  });

  it('hands a burst of responses over at once, but lets a notification\'s handlers run before the next message', async () => {
    const { child, transport } = harness();
    const seen: string[] = [];
    let microtaskRan = false;
    transport.onmessage = (m) => {
      // What the SDK does with a notification: its handler runs a microtask later.
      seen.push(`${'id' in m ? `response ${String(m.id)}` : 'notification'} after microtask: ${String(microtaskRan)}`);
      microtaskRan = false;
      void Promise.resolve().then(() => (microtaskRan = true));
    };
    await transport.start();
    child.stdout.write(
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}\n' +
        '{"jsonrpc":"2.0","id":1,"result":{}}\n{"jsonrpc":"2.0","id":2,"result":{}}\n',
    );
    await until(() => seen.length === 3);
    expect(seen).toEqual(['notification after microtask: false', 'response 1 after microtask: true', 'response 2 after microtask: false']);
  });

  it('closes a child whose unterminated line outgrows the limit', async () => {
    const { child, transport, errors, closed } = harness({ maxMessageBytes: 1024 });
    await transport.start();
    child.stdout.write('x'.repeat(2048));
    await until(() => closed() === 1);
    expect(transport.failure).toBeInstanceOf(CodedError);
    expect(transport.failure?.code).toBe('server_unavailable');
    expect(errors).toContain(transport.failure);
    expect(child.signals[0]).toBe('SIGTERM');
  });

  it('stops a server that sends notifications faster than they are handled', async () => {
    const { child, transport, closed } = harness();
    transport.onmessage = () => undefined;
    await transport.start();
    const note = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n';
    child.stdout.write(note.repeat(MAX_QUEUED_MESSAGES + 2));
    await until(() => closed() === 1);
    expect(transport.failure?.message).toBe('"fake" sent messages faster than they could be handled; it was stopped');
  });

  it('keeps the last 4 KiB of stderr, redacted', async () => {
    const { child, transport } = harness();
    await transport.start();
    child.stderr.write('a'.repeat(10_000));
    child.stderr.write('\nAPI_KEY=sekrit-value-1234\n');
    await until(() => transport.stderrTail().includes('API_KEY'));
    expect(transport.stderrTail()).toContain('API_KEY=[redacted]');
    expect(transport.stderrTail().length).toBeLessThanOrEqual(STDERR_TAIL_BYTES);
  });

  it('logs stderr by whole lines, each prefixed, with a secret split across two writes redacted', async () => {
    const secret = 'transport-secret-987654';
    redactor.addSecret(secret);
    try {
      const { child, transport, logs } = harness();
      await transport.start();
      child.stderr.write(`one\ntwo has ${secret.slice(0, 9)}`);
      child.stderr.write(`${secret.slice(9)}\n[fake] stderr: forged\n`);
      await until(() => logs.length === 3);
      expect(logs).toEqual(['[fake] stderr: one', '[fake] stderr: two has [redacted]', '[fake] stderr: [fake] stderr: forged']);
      expect(transport.stderrTail()).toBe('one\ntwo has [redacted]\n[fake] stderr: forged');
    } finally {
      redactor.removeSecret(secret);
    }
  });

  it('reports its own exit once, and close() is idempotent', async () => {
    const { child, transport, closed } = harness();
    await transport.start();
    child.exit(3, null);
    await until(() => closed() === 1);
    expect(transport.exit).toEqual({ code: 3, signal: null });
    await Promise.all([transport.close(), transport.close()]);
    expect(closed()).toBe(1);
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).rejects.toThrow('not running');
  });

  it('turns ENOENT into server_unavailable with a doctor hint', async () => {
    const spawn: SpawnLike = () => {
      const child = new FakeChild();
      setImmediate(() => child.emit('error', Object.assign(new Error('spawn nope ENOENT'), { code: 'ENOENT' })));
      return child as unknown as ChildProcessWithoutNullStreams;
    };
    const transport = new StdioProcessTransport({ server: 's', command: 'nope', args: [], env: {}, spawn, platform: 'win32' });
    const error = (await transport.start().catch((e: unknown) => e)) as CodedError;
    expect(error.code).toBe('server_unavailable');
    expect(error.hint).toBe('`nope` was not found on PATH; run `connected-services doctor`');
  });
});

describe('StdioProcessTransport: a server that closed its input and is exiting', () => {
  it('waits for its exit, so the error says how it ended and what it printed, not "EPIPE"', async () => {
    const transport = new StdioProcessTransport({
      server: 'dying',
      command: '/bin/sh',
      args: ['-c', 'exec 0<&-; echo "token is gone" >&2; sleep 0.3; exit 3'],
      env: { PATH: '/bin:/usr/bin' },
      stopGraceMs: 5000,
    });
    transport.onerror = () => undefined;
    await transport.start();
    // Its stdin is closed once it has printed: the next write breaks the pipe.
    for (let i = 0; i < 1000 && !transport.stderrTail().includes('token is gone'); i++) await new Promise((r) => setTimeout(r, 10));
    const failed = await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(StdinWriteError);
    expect(transport.exit).toEqual({ code: 3, signal: null });
    const error = toPoolError(failed, {
      server: 'dying',
      phase: 'start',
      timeoutMs: 1000,
      ended: () => ({ exit: transport.exit, stderr: transport.stderrTail(), byUs: false }),
    });
    expect(error.message).toBe('"dying" exited with code 3 while starting: token is gone');
    await transport.close();
  });

  it('one that already exited with code 0: a write says how it ended, never only that it is not running', async () => {
    const { child, transport } = harness();
    await transport.start();
    child.stderr.write('done: API_KEY=exit-secret-456 had nothing to do\n');
    await until(() => transport.stderrTail().includes('nothing to do'));
    child.exit(0, null);
    await until(() => transport.exit !== undefined);
    const failed = await transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/call' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    const error = toPoolError(failed, {
      server: 'fake',
      phase: 'call',
      what: 'tool "x"',
      timeoutMs: 1000,
      ended: () => ({ exit: transport.exit, stderr: transport.stderrTail(), byUs: false }),
    });
    expect(error).toMatchObject({ code: 'server_unavailable', message: '"fake" exited with code 0 during tool "x": done: API_KEY=[redacted] had nothing to do' });
  });

  it('spawns nothing when closed while its start is still loading the SDK, and refuses a second start', async () => {
    const { spawned, transport } = harness();
    const started = transport.start();
    const again = transport.start();
    const closed = transport.close();
    await expect(again).rejects.toThrow('already started');
    await expect(started).rejects.toThrow('"fake" was closed before it started');
    await closed;
    expect(spawned).toEqual([]);
  });

  it('lets claim() take an answer in order with the other messages, and runs afterClose after onclose', async () => {
    const { child, transport, messages } = harness();
    const order: string[] = [];
    transport.claim = (m) => {
      order.push('id' in m && !('method' in m) ? `claim ${String(m.id)}` : 'claim other');
      return 'id' in m && m.id === 2;
    };
    transport.onmessage = (m) => {
      order.push('method' in m ? m.method : `sdk ${String(m.id)}`);
      messages.push(m);
    };
    transport.onclose = () => order.push('onclose');
    transport.afterClose = () => order.push('afterClose');
    await transport.start();
    child.stdout.write('{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n');
    child.stdout.write('{"jsonrpc":"2.0","id":2,"result":{}}\n{"jsonrpc":"2.0","id":1,"result":{}}\n');
    await until(() => messages.length === 2);
    child.exit(0, null);
    await until(() => order.includes('afterClose'));
    expect(order).toEqual(['claim other', 'notifications/message', 'claim 2', 'claim 1', 'sdk 1', 'onclose', 'afterClose']);
  });

  it('write() is send() without the wrapper an SDK client puts on send', async () => {
    const { child, transport } = harness();
    await transport.start();
    const chunks: string[] = [];
    child.stdin.on('data', (c: Buffer) => chunks.push(c.toString()));
    transport.send = () => Promise.reject(new Error('wrapped'));
    await transport.write({ jsonrpc: '2.0', id: 9, method: 'ping' });
    await until(() => chunks.join('') === '{"jsonrpc":"2.0","id":9,"method":"ping"}\n');
  });
});
