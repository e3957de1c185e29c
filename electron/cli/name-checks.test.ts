import { describe, expect, it } from 'vitest';
import { API_METHODS } from '../../shared/api';
import { checkAgentName, checkNewAgentName, checkNewServerName, checkServerName } from './name-checks';

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

describe('a suggested name that is already taken', () => {
  it('is not offered for a new server: the hint says which server it looks like', async () => {
    const taken = ['Memory', 'notes'];
    // A Cyrillic о in "memоry": it reads as "memory", a configured server's name but for case.
    expect(() => checkServerName('mem\u043ery', taken)).toThrow(expect.objectContaining({ hint: 'It looks like "Memory", which is already a server; pick another name' }) as Error);
    await expect(checkNewServerName('mem\u043ery', () => Promise.resolve(taken))).rejects.toMatchObject({ hint: 'It looks like "Memory", which is already a server; pick another name' });
    expect(() => checkServerName('cl\u0430ude', taken)).toThrow(expect.objectContaining({ hint: 'For example: claude' }) as Error);
  });

  it('counts the demo servers a folder without mcp.json is yet to get, and says so', () => {
    const taken = { configured: [], demo: ['everything', 'memory'] };
    expect(() => checkServerName('mem\u043ery', taken)).toThrow(
      expect.objectContaining({ hint: 'It looks like "memory", which is already a server (a demo server a new data folder starts with); pick another name' }) as Error,
    );
    expect(() => checkServerName('!!!', { configured: ['notes'], demo: ['Notes-2'] })).toThrow(expect.objectContaining({ hint: 'For example: notes-3' }) as Error);
  });

  it('is not offered for a new agent, nor the name a spaced one reads like', async () => {
    const taken = ['claude', 'coder'];
    await expect(checkNewAgentName('cl\u0430ude', () => Promise.resolve(taken))).rejects.toMatchObject({ hint: 'It looks like "claude", which is already an agent; pick another name' });
    await expect(checkNewAgentName('coder ', () => Promise.resolve(taken))).rejects.toMatchObject({ hint: 'It looks like "coder", which is already an agent; pick another name' });
    await expect(checkNewAgentName('laptop', () => Promise.reject(new Error('never asked')))).resolves.toBeUndefined();
  });

  it('gives an example name that is free when the usual one is taken', () => {
    // Nothing of "!!!" is kept, so the example is the usual one, numbered past those taken.
    expect(() => checkServerName('!!!', ['notes', 'Notes-2'])).toThrow(expect.objectContaining({ hint: 'For example: notes-3' }) as Error);
    expect(() => checkAgentName('\u2603', ['laptop'])).toThrow(expect.objectContaining({ hint: 'For example: laptop-2' }) as Error);
    expect(() => checkServerName('!!!')).toThrow(expect.objectContaining({ hint: 'For example: notes' }) as Error);
  });
});
