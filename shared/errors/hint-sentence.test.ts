import { describe, expect, it } from 'vitest';
import { CodedError } from './coded-error';
import { hintSentence } from './hint-sentence';

describe('hintSentence', () => {
  it('starts a hint written with a small letter with a capital', () => {
    expect(hintSentence('run `connected-services connect x`')).toBe('Run `connected-services connect x`');
    expect(hintSentence('wait 60 s, then retry')).toBe('Wait 60 s, then retry');
    expect(hintSentence('is the server running at http://127.0.0.1:9/mcp?')).toBe('Is the server running at http://127.0.0.1:9/mcp?');
    expect(hintSentence('retry')).toBe('Retry');
  });

  it('keeps a first word that is code, and a hint already a sentence', () => {
    expect(hintSentence('connected-services status')).toBe('connected-services status');
    expect(hintSentence('tools/list gives the names')).toBe('tools/list gives the names');
    expect(hintSentence('ttlMs is in milliseconds')).toBe('ttlMs is in milliseconds');
    expect(hintSentence('mcp.json holds it')).toBe('mcp.json holds it');
    expect(hintSentence('`connected-services help` lists them')).toBe('`connected-services help` lists them');
    expect(hintSentence('Run it again')).toBe('Run it again');
    expect(hintSentence('npx could not be found')).toBe('npx could not be found');
    expect(hintSentence('"notes" failed')).toBe('"notes" failed');
    expect(hintSentence('2 calls wait')).toBe('2 calls wait');
    expect(hintSentence('')).toBe('');
  });
});

describe('a message read on its own', () => {
  it('capitalizes a plain first word, and leaves a word before a colon as written: it names a service', () => {
    expect(hintSentence('its URL cannot be sent: it holds a line break')).toBe('Its URL cannot be sent: it holds a line break');
    expect(hintSentence('more than 64 calls are running')).toBe('More than 64 calls are running');
    expect(hintSentence('broken: it exited with code 1')).toBe('broken: it exited with code 1');
  });
});

describe('the wire form of an error', () => {
  it('carries the hint as a sentence, whatever the layer that wrote it, and fromWire keeps it', () => {
    const wire = new CodedError('auth_required', 'x', { hint: 'run `connected-services connect x`' }).toWire();
    expect(wire).toEqual({ code: 'auth_required', message: 'x', hint: 'Run `connected-services connect x`' });
    expect(CodedError.fromWire(wire).toWire()).toEqual(wire);
  });
});
