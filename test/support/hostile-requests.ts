import { connect } from 'node:net';

/** A request one of our 127.0.0.1 listeners accepts, as parts a hostile client bends one at a time. */
export interface ValidRequest {
  method: string;
  /** Origin-form target: path and query. */
  path: string;
  /** Without Host and Content-Length (added here); each name at most once. */
  headers: Record<string, string>;
  body?: string;
}

export interface HostileRequest {
  name: string;
  raw: string;
  /** Half-closes after writing: a client that sent part of a request and left. */
  end?: boolean;
}

/** What one raw connection got back before the server closed it (status 0: no status line). */
export interface RawAnswer {
  status: number;
  text: string;
}

/** Writes `raw` as written on one connection to 127.0.0.1:port and collects the answer until the server closes or `waitMs` passes. */
export function rawExchange(port: number, raw: string, options: { end?: boolean; waitMs?: number } = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(raw, 'latin1');
      if (options.end === true) socket.end();
    });
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1] ?? 0), text });
    };
    const timer = setTimeout(done, options.waitMs ?? 5_000);
    socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
    socket.on('close', done);
    socket.on('error', done);
  });
}

/** The request as written on the wire, one Connection: close request per connection. */
export function written(request: ValidRequest, host: string, changes: { target?: string; method?: string; headers?: Record<string, string>; lines?: string[]; body?: string; length?: string } = {}): string {
  const body = changes.body ?? request.body;
  const headers = { Host: host, ...request.headers, ...changes.headers, Connection: 'close' };
  const length = changes.length ?? (body === undefined ? undefined : String(Buffer.byteLength(body, 'latin1')));
  const lines = [...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), ...(length === undefined ? [] : [`Content-Length: ${length}`]), ...(changes.lines ?? [])];
  return `${changes.method ?? request.method} ${changes.target ?? request.path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body ?? ''}`;
}

/**
 * Bent copies of an accepted request that every listener must refuse with a 4xx and outlive: request
 * targets that are no path, odd Host and Origin lines, bodies whose framing lies, odd methods, bodies
 * that are no JSON, deep JSON, `__proto__`, and requests cut off half-way. Body and Origin cases only
 * for a request that has a body: a GET's body is ignored, and a frame's or a redirect's GET may carry
 * Origin `null` (an app's id, a sign-in's state is the credential there).
 */
export function hostileRequests(request: ValidRequest, host: string): HostileRequest[] {
  const w = (name: string, changes: Parameters<typeof written>[2], end = false): HostileRequest => ({ name, raw: written(request, host, changes), ...(end ? { end } : {}) });
  const cases: HostileRequest[] = [
    w('target http://[', { target: `http://[${request.path}` }),
    w('target //[', { target: `//[${request.path}` }),
    w('target //host/path', { target: `//evil.example${request.path}` }),
    w('target /\\host/path', { target: `/\\evil.example${request.path}` }),
    w('target *', { target: '*', method: 'OPTIONS' }),
    w('absolute-form to another host', { target: `http://evil.example${request.path}` }),
    w('long path', { target: `/${'a'.repeat(12_000)}` }),
    w('bad escapes', { target: `/%zz%%ff%E0%80${request.path}` }),
    w('NUL in target', { target: `${request.path}\0` }),
    w('Host with two ports', { headers: { Host: `${host}:1` } }),
    w('Host IPv6 unclosed', { headers: { Host: '[::1' } }),
    w('Host [', { headers: { Host: '[' } }),
    w('Host empty', { headers: { Host: '' } }),
    // The first names us, the second another host: a proxy may read the other one (RFC 9112 §3.2).
    w('two Host lines', { lines: ['Host: evil.example'] }),
    w('TRACE', { method: 'TRACE' }),
    w('lower-case method', { method: request.method.toLowerCase() }),
    w('Transfer-Encoding and Content-Length', { lines: ['Transfer-Encoding: chunked'], length: '2', body: '0\r\n\r\n' }),
    w('chunk size not hex', { lines: ['Transfer-Encoding: chunked'], body: 'zz\r\n{}\r\n0\r\n\r\n' }),
    w('chunk size overflows', { lines: ['Transfer-Encoding: chunked'], body: 'fffffffffffffffffff\r\n{}\r\n0\r\n\r\n' }),
    { name: 'head cut off', raw: written(request, host).slice(0, written(request, host).indexOf('\r\n') + 12), end: true },
  ];
  if (request.body === undefined) return cases;
  return [
    ...cases,
    w('Content-Length past the body, then closed', { length: String(Buffer.byteLength(request.body) + 100) }, true),
    w('Origin null', { headers: { Origin: 'null' } }),
    w('two Content-Length', { lines: ['Content-Length: 1'] }),
    w('body not JSON', { body: 'not json' }),
    w('body not UTF-8', { body: '{"a":"\xff\xfe"}' }),
    w('deeply nested array', { body: `${'['.repeat(50_000)}${']'.repeat(50_000)}` }),
    w('deeply nested object', { body: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}` }),
    w('__proto__ keys', { body: `{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}${request.body.trim() === '{}' ? '}' : `,${request.body.trim().slice(1)}`}` }),
  ];
}

/** A stack frame or a source path in an answer: what no refusal may show. */
export const STACK_TRACE = /\n\s+at |node:internal|\.[cm]?[jt]s:\d+/;
