import { describe, expect, it } from 'vitest';
import { Redactor, REDACTED } from './redactor';
import { redactPrivateKeyBodies } from './private-key-blocks';

const X = REDACTED;
const BODY = ['MIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgwMbRvI0MBZhpF', 'Yj8Hsw1pI3xQf0gYwQ2vZy8d7Ni1cKp5H3kXy9eE7uJ8q2Wm0xMZpRQbTfNlV4aK', 'kQ=='];

describe('a private key in PEM form, known to us or not', () => {
  it("hides its body between the armor lines, which stay, in a line-broken or JSON-escaped text", () => {
    const pem = `-----BEGIN RSA PRIVATE KEY-----\n${BODY.join('\n')}\n-----END RSA PRIVATE KEY-----`;
    expect(redactPrivateKeyBodies(`could not read key: ${pem} (bad padding)`, X)).toBe(`could not read key: -----BEGIN RSA PRIVATE KEY-----${X}-----END RSA PRIVATE KEY----- (bad padding)`);
    const escaped = JSON.stringify({ key: pem });
    expect(redactPrivateKeyBodies(escaped, X)).toBe(`{"key":"-----BEGIN RSA PRIVATE KEY-----${X}-----END RSA PRIVATE KEY-----"}`);
  });

  it('hides the body of a key cut short (no end line), an encrypted one with its headers, and every key of several', () => {
    expect(redactPrivateKeyBodies(`-----BEGIN PRIVATE KEY-----\n${BODY[0]}`, X)).toBe(`-----BEGIN PRIVATE KEY-----${X}`);
    // On one line, as an environment variable may hold it.
    expect(redactPrivateKeyBodies(`-----BEGIN PRIVATE KEY-----${BODY.join('')}-----END PRIVATE KEY-----`, X)).toBe(`-----BEGIN PRIVATE KEY-----${X}-----END PRIVATE KEY-----`);
    const encrypted = `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,3F17F5316E2BAC89\n\n${BODY[1]}\n-----END RSA PRIVATE KEY-----`;
    expect(redactPrivateKeyBodies(encrypted, X)).toBe(`-----BEGIN RSA PRIVATE KEY-----${X}-----END RSA PRIVATE KEY-----`);
    const two = `-----BEGIN EC PRIVATE KEY-----\n${BODY[0]}\n-----END EC PRIVATE KEY-----, -----BEGIN OPENSSH PRIVATE KEY-----\n${BODY[1]}\n-----END OPENSSH PRIVATE KEY-----`;
    const hidden = redactPrivateKeyBodies(two, X);
    expect(hidden).not.toContain(BODY[0]);
    expect(hidden).not.toContain(BODY[1]);
    expect(hidden.split(X)).toHaveLength(3);
  });

  it('leaves an armor alone, a public key and a certificate as they were', () => {
    for (const text of [
      'paste your key here: -----BEGIN PRIVATE KEY----- … -----END PRIVATE KEY-----',
      '-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----',
      `-----BEGIN PUBLIC KEY-----\n${BODY[0]}\n-----END PUBLIC KEY-----`,
      `-----BEGIN CERTIFICATE-----\n${BODY[0]}\n-----END CERTIFICATE-----`,
    ])
      expect(redactPrivateKeyBodies(text, X)).toBe(text);
  });

  it('takes a long body in one pass, whole', () => {
    const long = `-----BEGIN PRIVATE KEY-----\n${'QUJD'.repeat(50_000)}\n-----END PRIVATE KEY----- done`;
    expect(redactPrivateKeyBodies(long, X)).toBe(`-----BEGIN PRIVATE KEY-----${X}-----END PRIVATE KEY----- done`);
  });

  it('is part of every redaction', () => {
    const pem = `-----BEGIN PRIVATE KEY-----\n${BODY.join('\n')}\n-----END PRIVATE KEY-----`;
    expect(new Redactor().redact(`stderr: ${pem}`)).toBe(`stderr: -----BEGIN PRIVATE KEY-----${X}-----END PRIVATE KEY-----`);
  });
});
