import { describe, expect, it } from 'vitest';
import { isCodedError } from '../errors';
import { assertNoSeparator, freeName, holdsSeparator, nestsIn, withoutSeparator } from './name-separator';

describe('new server names and the bridge separator __', () => {
  it('finds names whose bridge prefix holds another server prefix: __ inside, or a trailing _', () => {
    expect(['a__x', 'a_', 'a___x', 'x__'].every(holdsSeparator)).toBe(true);
    expect(['a_x', 'a-x', 'a', 'a-_-b'].some(holdsSeparator)).toBe(false);
    expect(nestsIn('a__x', 'a')).toBe(true);
    expect(nestsIn('a_', 'a')).toBe(true);
    expect(nestsIn('a__x__y', 'a__x')).toBe(true);
    expect(nestsIn('ab__x', 'a')).toBe(false);
    expect(nestsIn('a_x', 'a')).toBe(false);
    expect(nestsIn('a', 'a')).toBe(false);
  });

  it('suggests a name the rule takes', () => {
    expect(withoutSeparator('a__x')).toBe('a-x');
    expect(withoutSeparator('team_')).toBe('team');
    expect(withoutSeparator('a___x__')).toBe('a-x');
    for (const name of ['a__x', 'team_', 'a___x__', 'b_-_']) expect(holdsSeparator(withoutSeparator(name))).toBe(false);
  });

  it('suggests a name no configured server has, ignoring case, nor one whose names fall in it', () => {
    expect(freeName('everything_', ['everything'])).toBe('everything-2');
    expect(freeName('everything_', ['Everything', 'everything-2'])).toBe('everything-3');
    expect(freeName('a__x', ['a-x__y'])).toBe('a-x-2');
    expect(freeName('team_', ['other'])).toBe('team');
    expect(freeName(`${'n'.repeat(48)}_`, ['n'.repeat(48)])).toBe(`${'n'.repeat(46)}-2`);
    let caught: unknown;
    try {
      assertNoSeparator('everything_', ['everything']);
    } catch (error) {
      caught = error;
    }
    expect(isCodedError(caught) ? caught.hint : '').toContain('for example "everything-2"');
  });

  it('refuses such a new name saying what to write instead', () => {
    let caught: unknown;
    try {
      assertNoSeparator('github__work');
    } catch (error) {
      caught = error;
    }
    expect(isCodedError(caught) && caught.code).toBe('invalid_input');
    expect(String((caught as Error).message)).toContain('"github__work" cannot be a new server\'s name: it holds "__"');
    expect(isCodedError(caught) ? caught.hint : '').toContain('for example "github-work"');
  });

  it('refuses a new name whose namespace holds a configured server, and takes the others', () => {
    expect(() => assertNoSeparator('a', ['b', 'a__x'])).toThrow('the bridge names of "a__x" ("a__x__…") would read as its tools\' names');
    expect(() => assertNoSeparator('a', ['a_'])).toThrow('"a_"');
    expect(() => assertNoSeparator('a', ['ab__x', 'a_x', 'a-x'])).not.toThrow();
    expect(() => assertNoSeparator('github-work', ['github'])).not.toThrow();
  });

  it('suggests names in its hint that no configured server has, for the new server and the one to rename', () => {
    const hint = (name: string, configured: string[]): string => {
      try {
        assertNoSeparator(name, configured);
      } catch (error) {
        return isCodedError(error) ? (error.hint ?? '') : '';
      }
      return '';
    };
    expect(hint('team', ['team_'])).toBe('Choose another name (for example "team-2"), or rename "team_" to one without "__" first (for example "team-2").');
    expect(hint('a', ['a__x', 'a-x'])).toContain('rename "a__x" to one without "__" first (for example "a-x-2")');
  });
});
