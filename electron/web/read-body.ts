import type { IncomingMessage } from 'node:http';
import { CodedError } from '../../shared/errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON body, refusing oversized ones before buffering them. */
export async function readJsonBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw new CodedError('invalid_input', `Request body is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new CodedError('invalid_input', `Request body is larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CodedError('invalid_input', 'Request body is not valid JSON');
  }
}
