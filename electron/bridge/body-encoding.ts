import type { IncomingMessage } from 'node:http';
import type { Refusal } from './http-guard';

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * A POST body the bridge would misread: compressed (`Content-Encoding`, which it does not undo, so
 * the JSON parse failed as if the agent sent garbage) or in a charset other than UTF-8 (JSON between
 * programs is UTF-8, RFC 8259 §8.1; read as UTF-8 it was silently another text). Refused before it is
 * read with 415 (RFC 9110 §15.5.16), saying what to send.
 */
export function bodyEncodingRefusal(req: IncomingMessage): Refusal | undefined {
  const encoding = single(req.headers['content-encoding'])?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
    return { status: 415, rpcCode: -32000, message: `Unsupported Media Type: the bridge reads bodies as sent, without Content-Encoding (this one: ${encoding.slice(0, 40)}); send it uncompressed` };
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(single(req.headers['content-type']) ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return { status: 415, rpcCode: -32000, message: `Unsupported Media Type: the bridge reads JSON as UTF-8, not charset=${charset.slice(0, 40)}` };
  }
  return undefined;
}
