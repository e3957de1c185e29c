import type { IncomingMessage } from 'node:http';
import { bodyShapeProblem } from './body-shape';
import { rpcProblem } from './rpc-problem';

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** `bytes`: the body's size as sent, for bounds that apply to one kind of request only. */
export type BodyResult = { kind: 'ok'; text: string; bytes: number } | { kind: 'too_large' } | { kind: 'aborted' };

/** Reads a request body, refusing one larger than `limit` before buffering it (declared or streamed). */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ kind: 'too_large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyResult): void => {
      if (done) return;
      done = true;
      req.off('data', onData);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        finish({ kind: 'too_large' });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => finish({ kind: 'ok', text: Buffer.concat(chunks).toString('utf8'), bytes: size }));
    req.once('error', () => finish({ kind: 'aborted' }));
    req.once('close', () => finish(req.complete ? { kind: 'ok', text: Buffer.concat(chunks).toString('utf8'), bytes: size } : { kind: 'aborted' }));
  });
}

/** A body past its shape's bounds (body-shape.ts) is refused unparsed. JSON-RPC 2.0 §4/§5: parse failure is -32700; valid JSON that is not a request/notification/response is -32600. */
export function parseJsonRpc(text: string): { ok: true; body: unknown } | { ok: false; rpcCode: number; message: string } {
  const shape = bodyShapeProblem(text);
  if (shape !== undefined) return { ok: false, rpcCode: -32600, message: `Invalid Request: ${shape}` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // RFC 8259 §8.1: JSON text is not sent with a byte order mark.
    const mark = text.startsWith('\uFEFF') ? ': it starts with a byte order mark (U+FEFF); send it without one' : '';
    return { ok: false, rpcCode: -32700, message: `Parse error: the body is not valid JSON${mark}` };
  }
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  if (messages.length === 0) return { ok: false, rpcCode: -32600, message: 'Invalid Request: an empty batch' };
  const odd = messages.find((m) => !isMessageShape(m));
  if (odd !== undefined) {
    const problem = rpcProblem(odd);
    return { ok: false, rpcCode: -32600, message: `Invalid Request: ${problem === 'not a valid JSON-RPC message' ? 'not a JSON-RPC 2.0 message (a request with a method, or a response with an id and a result or an error)' : problem}` };
  }
  return { ok: true, body };
}

function isMessageShape(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const m = value as Record<string, unknown>;
  if (m['jsonrpc'] !== '2.0') return false;
  if ('method' in m) return typeof m['method'] === 'string';
  return 'id' in m && ('result' in m || 'error' in m);
}
