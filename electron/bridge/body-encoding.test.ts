import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { bodyEncodingRefusal } from './body-encoding';

const request = (headers: Record<string, string>): IncomingMessage => ({ headers }) as unknown as IncomingMessage;

describe('bodyEncodingRefusal', () => {
  it('refuses a compressed body and a charset other than UTF-8 with 415, saying what to send', () => {
    expect(bodyEncodingRefusal(request({ 'content-encoding': 'gzip' }))).toMatchObject({ status: 415, message: expect.stringContaining('(this one: gzip); send it uncompressed') as unknown });
    expect(bodyEncodingRefusal(request({ 'content-type': 'application/json; charset=utf-16' }))).toMatchObject({ status: 415, message: expect.stringContaining('not charset=utf-16') as unknown });
    expect(bodyEncodingRefusal(request({ 'content-type': 'application/json;charset="ISO-8859-1"' }))?.message).toContain('charset=iso-8859-1');
  });

  it('takes a plain body, identity, and UTF-8 however it is written', () => {
    for (const headers of [{}, { 'content-encoding': 'identity' }, { 'content-type': 'application/json' }, { 'content-type': 'application/json; charset=UTF-8' }, { 'content-type': 'application/json; charset=utf8' }]) {
      expect(bodyEncodingRefusal(request(headers))).toBeUndefined();
    }
  });
});
