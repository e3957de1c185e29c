import { describe, expect, it } from 'vitest';
import { API_METHODS } from '../../shared/api';
import { checkAgentName, checkServerName } from './name-checks';

describe("an agent's name that reads like another", () => {
  it('is refused at the command line, with the name it would read as', () => {
    expect(() => checkAgentName('coder ')).toThrow('it ends in a space or holds two in a row, so it would read like "coder"');
    expect(() => checkAgentName('my  laptop')).toThrow(expect.objectContaining({ hint: 'For example: my laptop' }) as Error);
    expect(() => checkAgentName('my laptop')).not.toThrow();
  });

  it("is refused by the App API's addAgent, where the web UI adds one", () => {
    const input = API_METHODS.addAgent.input;
    expect(input.safeParse({ name: 'coder ' }).success).toBe(false);
    expect(input.safeParse({ name: 'co  der' }).success).toBe(false);
    expect(input.safeParse({ name: 'co der' }).success).toBe(true);
  });
});

describe('a name with a letter outside a-z', () => {
  it('says the rule means a-z and A-Z, and offers the name without its accents', () => {
    for (const check of [checkServerName, checkAgentName]) {
      expect(() => check('José')).toThrow(expect.objectContaining({ message: expect.stringContaining('(letters a-z and A-Z only: no accents or other scripts)') as string, hint: 'For example: Jose' }) as Error);
    }
    expect(() => checkServerName('my notes!')).toThrow(expect.not.objectContaining({ message: expect.stringContaining('no accents') as string }) as Error);
  });

  it('offers the Latin name for a look-alike letter, not a dash in its place', () => {
    for (const check of [checkServerName, checkAgentName]) {
      // A Cyrillic а, then a Greek ο: each reads as the Latin letter.
      expect(() => check('cl\u0430ude')).toThrow(expect.objectContaining({ hint: 'For example: claude' }) as Error);
      expect(() => check('n\u03bftes')).toThrow(expect.objectContaining({ hint: 'For example: notes' }) as Error);
    }
  });
});
