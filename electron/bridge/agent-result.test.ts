import { afterEach, describe, expect, it } from 'vitest';
import { redactor } from '../../shared/redact';
import { withoutSecrets } from './agent-result';

const SECRET = 'S3cr3tV4lue-agent-result-base64';
const base64 = (text: string): string => Buffer.from(text).toString('base64');

afterEach(() => redactor.removeSecret(SECRET));

describe('withoutSecrets', () => {
  it('tells an image, an audio clip or a blob that held a vault value as text, the rest as it was', () => {
    redactor.addSecret(SECRET);
    const result = {
      content: [
        { type: 'text', text: `token ${SECRET}` },
        { type: 'image', data: base64(`PNG${SECRET}`), mimeType: 'image/png' },
        { type: 'audio', data: base64(SECRET), mimeType: 'audio/wav' },
        { type: 'image', data: base64('PNG plain'), mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'x://y', blob: base64(SECRET), mimeType: 'application/octet-stream' } },
      ],
    };
    expect(withoutSecrets(result)).toEqual({
      content: [
        { type: 'text', text: 'token [redacted]' },
        { type: 'text', text: '[an image the service sent was withheld: it held a value of the vault]' },
        { type: 'text', text: '[an audio clip the service sent was withheld: it held a value of the vault]' },
        { type: 'image', data: base64('PNG plain'), mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'x://y', mimeType: 'text/plain', text: '[the content the service sent was withheld: it held a value of the vault]' } },
      ],
    });
    const read = { contents: [{ uri: 'file:///a', blob: base64(SECRET) }] };
    expect(withoutSecrets(read)).toEqual({ contents: [{ uri: 'file:///a', mimeType: 'text/plain', text: '[the content the service sent was withheld: it held a value of the vault]' }] });
  });

  it('hands back the very same object when nothing held a secret', () => {
    redactor.addSecret(SECRET);
    const result = { content: [{ type: 'image', data: base64('PNG plain'), mimeType: 'image/png' }] };
    expect(withoutSecrets(result)).toBe(result);
  });
});
