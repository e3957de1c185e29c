import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIALIZE, startBridge, type BridgeHarness } from '../support/bridge-harness';

/** A client that asks before uploading (RFC 9110 §10.1.1), as curl does for a large body, written by hand on one connection. */
const BOUND = 64 * 1024;
let h: BridgeHarness;
let port: number;
let token: string;

beforeAll(async () => {
  h = await startBridge({}, { maxBodyBytes: BOUND });
  port = h.bridge.port;
  token = (await h.bridge.agents.add('agent', { servers: ['*'] })).token;
});

afterAll(async () => {
  await h.close();
});

function head(length: number, auth = true): string {
  const lines = [
    'POST /mcp HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    ...(auth ? [`Authorization: Bearer ${token}`] : []),
    `Content-Length: ${length}`,
    'Expect: 100-continue',
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Everything read on `socket` until it holds a final (non-1xx) answer whose body has all arrived. */
function untilFinalAnswer(socket: Socket, onInterim: (text: string) => void = () => undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    let interims = 0;
    socket.setEncoding('latin1');
    socket.setTimeout(10_000, () => reject(new Error(`no final answer; read: ${text}`)));
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      text += chunk;
      const heads = [...text.matchAll(/HTTP\/1\.1 (\d{3})[^]*?\r\n\r\n/g)];
      if (heads.length > interims && heads[heads.length - 1]?.[1]?.startsWith('1')) {
        interims = heads.length;
        onInterim(text);
      }
      const last = heads[heads.length - 1];
      if (!last || last[1]?.startsWith('1')) return;
      const length = Number(/content-length: (\d+)/i.exec(last[0])?.[1] ?? NaN);
      if (text.length >= (last.index ?? 0) + last[0].length + length) resolve(text);
    });
  });
}

describe('Expect: 100-continue on the bridge', () => {
  it('answers a declared body over the bound with 413 and closes, never inviting it with 100 Continue', async () => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head(BOUND + 1)));
    try {
      const text = await untilFinalAnswer(socket);
      expect(text).not.toContain('100 Continue');
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toMatch(/\r\nConnection: close\r\n/i);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: `Payload Too Large: the limit is ${BOUND} bytes` }, id: null });
    } finally {
      socket.destroy();
    }
  });

  it('refuses a request with no token first, still without inviting its body', async () => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head(BOUND + 1, false)));
    try {
      const text = await untilFinalAnswer(socket);
      expect(text).not.toContain('100 Continue');
      expect(text).toMatch(/^HTTP\/1\.1 401 /);
      expect(text).toMatch(/\r\nConnection: close\r\n/i);
    } finally {
      socket.destroy();
    }
  });

  it('invites a body within the bound with 100 Continue and serves it', async () => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head(Buffer.byteLength(INITIALIZE))));
    try {
      const text = await untilFinalAnswer(socket, () => socket.write(INITIALIZE));
      expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
      expect(text).toContain('"protocolVersion"');
    } finally {
      socket.destroy();
    }
  });
});
