import type { IncomingMessage } from 'node:http';
import { CodedError } from '../../shared/errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/** A body over the limit: answered 413 Content Too Large (RFC 9110 §15.5.14), not 400, so a client knows what to change. */
export class BodyTooLarge extends CodedError {
  constructor(limit: number) {
    super('invalid_input', `The request body is larger than the App API accepts (${limit >= 1024 * 1024 && limit % (1024 * 1024) === 0 ? `${limit / (1024 * 1024)} MiB` : `${limit} bytes`})`, {
      hint: 'send less in one call (App API payloads are small; files and large values go through their own commands)',
    });
  }
}

/** Reads a JSON body, refusing oversized ones before buffering them. */
export async function readJsonBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw new BodyTooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > limit) throw new BodyTooLarge(limit);
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof BodyTooLarge) throw error;
    // A client hanging up is its own doing, not a fault of ours to log (anyone may connect and leave).
    throw new CodedError('invalid_input', 'The request ended before its body arrived whole');
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CodedError('invalid_input', 'Request body is not valid JSON');
  }
}
