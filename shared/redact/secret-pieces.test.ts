import { describe, expect, it } from 'vitest';
import { Redactor } from './redactor';
import { secretLinePieces } from './secret-pieces';

const LINE_A = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC';
const LINE_B = 'BKcwggSjAgEAAoIBAQC7SentinelKeyLine';

describe('secretLinePieces', () => {
  it('gives the trimmed value and each long line, never the armor of a PEM key', () => {
    const pem = `-----BEGIN PRIVATE KEY-----\n${LINE_A}\r\n${LINE_B}\n-----END PRIVATE KEY-----\n`;
    expect(secretLinePieces(pem).sort()).toEqual([pem.trim(), LINE_A, LINE_B].sort());
  });

  it('gives nothing for a value of one line with no white space around it, and skips short lines', () => {
    expect(secretLinePieces('sk-live-0123456789')).toEqual([]);
    expect(secretLinePieces('sk-live-0123456789\n')).toEqual(['sk-live-0123456789']);
    expect(secretLinePieces('sk-live-SUPERSECRET-0123456789\nshort-line')).toEqual(['sk-live-SUPERSECRET-0123456789']);
  });
});

describe('Redactor: a secret of several lines', () => {
  it('removes it where a message holds it trimmed or one line of it, labelled as the whole', () => {
    const redactor = new Redactor();
    redactor.addSecret('sk-live-SUPERSECRET-0123456789\nsecond-line-of-the-key-abcdef\n', { from: 'vault', name: 'webkey' });
    // What fetch's refusal quoted: the value without its last newline.
    expect(redactor.redact('"sk-live-SUPERSECRET-0123456789\nsecond-line-of-the-key-abcdef" is an invalid header value')).toBe('"[redacted]" is an invalid header value');
    expect(redactor.redact('line two: second-line-of-the-key-abcdef.')).toBe('line two: [redacted].');
    expect(redactor.nameKnown({ text: 'sk-live-SUPERSECRET-0123456789' })).toEqual({ text: '[secret webkey]' });
    expect(redactor.redact('-----BEGIN PRIVATE KEY----- is how a key starts')).toBe('-----BEGIN PRIVATE KEY----- is how a key starts');
  });

  it('forgets the pieces with the secret', () => {
    const redactor = new Redactor();
    const value = 'sk-live-SUPERSECRET-0123456789\nsecond-line-of-the-key-abcdef\n';
    redactor.addSecret(value);
    redactor.removeSecret(value);
    expect(redactor.redact('second-line-of-the-key-abcdef')).toBe('second-line-of-the-key-abcdef');
  });
});
