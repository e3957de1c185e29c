import { PassThrough, Writable } from 'node:stream';
import { parseJSONRPCMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { isSchemaError } from './invalid-params';
import { StdioMessages } from './stdio-messages';
import { unreadableLine } from './stdio-answers';

describe('StdioMessages: the stdio shim reads and writes one JSON-RPC message per line', () => {
  it('hands on messages, and reports a line that is not JSON or not JSON-RPC so it can be answered', async () => {
    const lines = new PassThrough();
    const out = new PassThrough();
    const stdio = new StdioMessages(lines, out, parseJSONRPCMessage);
    const got: JSONRPCMessage[] = [];
    const errors: Error[] = [];
    stdio.onmessage = (m) => got.push(m);
    stdio.onerror = (e) => errors.push(e);
    stdio.start();
    lines.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\r\n');
    lines.write('not json\n');
    lines.write('{"jsonrpc":"2.0","nothing":true}\n');
    lines.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    await expect.poll(() => got.length + errors.length, { timeout: 5_000 }).toBe(4);
    expect(got).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    expect(errors[0]).toBeInstanceOf(SyntaxError);
    expect(isSchemaError(errors[1])).toBe(true);
    expect(errors.map((e) => (unreadableLine(e) as { error?: { code?: number } } | undefined)?.error?.code)).toEqual([-32700, -32600]);
    stdio.close();
    lines.write('{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(got).toHaveLength(2);
    await expect(stdio.send({ jsonrpc: '2.0', id: 3, result: {} })).rejects.toThrow(/closed/);
  });

  it('writes a line per message and waits for a full output to drain', async () => {
    const written: string[] = [];
    let release: (() => void) | undefined;
    const out = new Writable({
      highWaterMark: 8,
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        release = done;
      },
    });
    const stdio = new StdioMessages(new PassThrough(), out, parseJSONRPCMessage);
    let sent = false;
    const sending = stdio.send({ jsonrpc: '2.0', id: 1, result: { long: 'enough to fill the buffer' } }).then(() => (sent = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual(['{"jsonrpc":"2.0","id":1,"result":{"long":"enough to fill the buffer"}}\n']);
    expect(sent).toBe(false);
    release?.();
    await sending;
    expect(sent).toBe(true);
  });
});
