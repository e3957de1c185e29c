import { describe, expect, it } from 'vitest';
import { configFix } from './config-fix';

const file = '/d/mcp.json';

describe("doctor's fix for mcp.json's problems says what holds until then", () => {
  it('a problem in entries: those servers are left out, the others load', () => {
    expect(configFix(file, [{ file, server: 'x', field: 'command', message: 'expected string' }])).toBe('Fix /d/mcp.json; until then server "x" is left out, and the others load');
    expect(configFix(file, [
      { file, server: 'x', message: 'a' },
      { file, server: 'x', message: 'b' },
      { file, server: 'y', message: 'c' },
      { file, server: 'z', message: 'd' },
    ])).toBe('Fix /d/mcp.json; until then servers "x", "y" and "z" are left out, and the others load');
  });

  it('a problem of the whole file (bad JSON, bad settings): the file is set aside', () => {
    for (const issue of [{ file, message: 'not valid JSON at line 2, column 1' }, { file, field: 'settings.bridgePort', message: 'expected number' }]) {
      expect(configFix(file, [{ file, server: 'x', message: 'a' }, issue])).toBe('Fix /d/mcp.json; until then the whole file is set aside, and a running app keeps the config it last loaded');
    }
  });

  it('a problem that says what stays in force itself, or only names a key: no claim is added', () => {
    expect(configFix(file, [{ file, message: 'the file is missing; the last good config stays in force until it is back', told: true }])).toBe('Fix /d/mcp.json');
    // Declared in code and in mcp.json: the one in code is used, nothing is left out.
    expect(configFix(file, [{ file, server: 'x', message: 'declared twice; the one in code is used until one is renamed', told: true }])).toBe('Fix /d/mcp.json');
    expect(configFix(file, [{ file, field: 'servers', message: "is VS Code's name for the servers" }])).toBe('Fix /d/mcp.json');
  });

  it('names a few of many servers left out, and how many', () => {
    const issues = Array.from({ length: 40 }, (_, i) => ({ file, server: `s${i}`, message: 'bad' }));
    expect(configFix(file, issues)).toBe('Fix /d/mcp.json; until then 40 servers ("s0", "s1", "s2", "s3", "s4", …) are left out, and the others load');
  });
});
