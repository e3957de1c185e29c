import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { guardedFetch, MAX_AUTH_BODY_BYTES, requestJson } from './http';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server whose answer starts, then sends one byte every 20 ms forever (never ends on its own). */
async function trickling(): Promise<string> {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"a":"');
    const timer = setInterval(() => res.write('x'), 20);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
}

/** A server whose answer never ends and comes as fast as it is read; counts what it wrote. */
async function endless(): Promise<{ url: string; written: () => number }> {
  let written = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const pump = (): void => {
      while (!res.destroyed && res.write(chunk)) written += chunk.length;
    };
    res.on('drain', pump);
    pump();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/big`, written: () => written };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

/** The servers here listen on 127.0.0.1. */
const ON_THIS_COMPUTER = 'loopback' as const;
const plain = (url: string | URL, init?: RequestInit): Promise<Response> => fetch(url, init);

describe('guardedFetch: every answer is bounded in time and size', () => {
  it('a trickled answer ends with a timeout error, however long it would go on', async () => {
    const url = await trickling();
    const error = await rejection(requestJson(guardedFetch(plain, undefined, { timeoutMs: 300, reach: ON_THIS_COMPUTER }), url, {}, 'the metadata'));
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toMatchObject({ code: 'timeout' });
    expect((error as CodedError).message).toContain('No complete answer from');
  });

  it('a body read whole by another reader (openid-client: json()) errors at the bound and cancels the stream', async () => {
    const { url, written } = await endless();
    const response = await guardedFetch(plain, undefined, { reach: ON_THIS_COMPUTER })(url, {});
    const error = await rejection(response.json());
    expect(error).toMatchObject({ code: 'server_unavailable', data: { maxBytes: MAX_AUTH_BODY_BYTES } });
    expect((error as CodedError).message).toContain('is larger than 256 KiB');
    // Cancelled: the server stops being read, so what it could write stays near the socket buffers.
    expect(written()).toBeLessThan(64 * 1024 * 1024);
  });

  it('requestJson refuses a document past the bound, naming it', async () => {
    const { url } = await endless();
    const error = await rejection(requestJson(guardedFetch(plain, undefined, { reach: ON_THIS_COMPUTER }), url, {}, 'the protected resource metadata'));
    expect(error).toMatchObject({ code: 'server_unavailable' });
    expect((error as CodedError).message).toContain('is larger than 256 KiB');
  });

  it('the caller’s own signal still ends the request', async () => {
    const url = await trickling();
    const controller = new AbortController();
    const pending = rejection(guardedFetch(plain, controller.signal, { reach: ON_THIS_COMPUTER })(url, {}).then((r) => r.text()));
    controller.abort(new CodedError('denied', 'cancelled here'));
    expect(await pending).toMatchObject({ code: 'denied' });
  });
});
