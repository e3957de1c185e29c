import { describe, expect, it } from 'vitest';
import { closestWord, withSuggestion } from './closest-word';

describe('closestWord', () => {
  it('finds the choice a typo meant, and nothing for a word far from every choice', () => {
    expect(closestWord('plane', ['prefixed', 'plain'])).toBe('plain');
    expect(closestWord('alow', ['allow', 'ask', 'deny'])).toBe('allow');
    expect(closestWord('Deny ', ['allow', 'ask', 'deny'])).toBe('deny');
    expect(closestWord('sometimes', ['allow', 'ask', 'deny'])).toBeUndefined();
    expect(closestWord('x', ['ask'])).toBeUndefined();
  });

  it('never suggests the name typed: a listed name the server no longer has is no typo', () => {
    expect(closestWord('retired', ['retired', 'strict'])).toBeUndefined();
    expect(closestWord('Echo', ['echo'])).toBe('echo');
  });

  it('counts two swapped neighbours as one edit, so a short word typed with them is found', () => {
    expect(closestWord('ehco', ['echo', 'get-sum'])).toBe('echo');
    expect(closestWord('lsit', ['list', 'add'])).toBe('list');
    expect(closestWord('oceh', ['echo'])).toBeUndefined();
  });

  it('allows one edit, or two swapped letters, in a two- or three-letter name, and finds nothing for one letter', () => {
    expect(closestWord('cx', ['cc', 'claude'])).toBe('cc');
    expect(closestWord('ca', ['ac', 'cursor'])).toBe('ac');
    expect(closestWord('cdx', ['cdy'])).toBe('cdy');
    expect(closestWord('xy', ['cc'])).toBeUndefined();
    expect(closestWord('c', ['cc', 'a'])).toBeUndefined();
    expect(closestWord('x', ['a', 'b'])).toBeUndefined();
  });
});

describe('withSuggestion', () => {
  it('puts the question before the hint, the hint then a sentence of its own', () => {
    expect(withSuggestion('ecoh', ['echo'], 'run `connected-services tools x --refresh`')).toBe('Did you mean echo? Run `connected-services tools x --refresh`');
    expect(withSuggestion('zzzz', ['echo'], 'run it again')).toBe('run it again');
  });
});
