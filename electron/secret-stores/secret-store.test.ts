import { describe, expect, it } from 'vitest';
import { firstLine, MAX_COMPLAINT, programName } from './secret-store';

const TOKEN = `ghp_${'a1B2'.repeat(9)}`;

describe('firstLine: a store program’s complaint as errors hold it', () => {
  it('keeps the first line that says something', () => {
    expect(firstLine('\n  \n[ERROR] You are not signed in.\nmore\n')).toBe('[ERROR] You are not signed in.');
  });

  it('redacts a token a complaint holds', () => {
    const line = firstLine(`session expired: ${TOKEN}\n`);
    expect(line).toBe('session expired: [redacted]');
    expect(line).not.toContain(TOKEN);
  });

  it('shows escapes, bells and bidi overrides as escapes, never raw', () => {
    const line = firstLine('bad \u001b[31mRED\u001b]0;title\u0007\u202eevil\u0000\n');
    expect(line).toBe('bad \\u001b[31mRED\\u001b]0;title\\u0007\\u202eevil\\u0000');
    expect(line).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });

  it('is bounded, however long the line', () => {
    const line = firstLine('x'.repeat(1_000_000));
    expect([...line]).toHaveLength(MAX_COMPLAINT);
    expect(line.endsWith('…')).toBe(true);
  });

  it('names the program by its file name, not the folder it lives in', () => {
    expect(firstLine('/home/ann/bin/op: not signed in\n', '/home/ann/bin/op')).toBe('op: not signed in');
    expect(firstLine('op: not signed in\n', 'op')).toBe('op: not signed in');
    expect(programName('/usr/local/bin/bw')).toBe('bw');
    expect(programName('bw')).toBe('bw');
  });

  it("redacts what follows the program's own prefix, never its name read as a header", () => {
    expect(firstLine('get-password: vault locked, run unlock\n', '/opt/get-password')).toBe('get-password: vault locked, run unlock');
    expect(firstLine(`get-password: session ${TOKEN}\n`, 'get-password')).not.toContain(TOKEN);
  });
});

describe('firstLine with words kept', () => {
  it('redacts around the words a store names itself by, never across them', () => {
    expect(firstLine('fatal: /home/u/.password-store: Permission denied')).toBe('fatal: /home/u/.password-store: [redacted]');
    expect(firstLine('fatal: /home/u/.password-store: Permission denied', undefined, ['/home/u/.password-store'])).toBe('fatal: /home/u/.password-store: Permission denied');
    expect(firstLine('/s: token=ghp_abcdefghijklmnopqrstuvwxyz0123456789 /s', undefined, ['/s'])).toBe('/s: token=[redacted] /s');
  });
});
