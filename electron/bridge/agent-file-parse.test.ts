import { describe, expect, it } from 'vitest';
import { compiledParsers } from '../../test/support/compiled-parsers';
import { parseFile } from './agent-file';

// Its own file: a schema compiles its fast parser once per process, so an earlier parse would hide it.
describe('agents.json read at start', () => {
  it('is checked without compiling a parser for it', async () => {
    const text = `{"version":1,"agents":[{"name":"bot","tokenHash":"${'a'.repeat(64)}","tokenHint":"x","createdAt":1,"tokenCreatedAt":1,"servers":["*"],"policy":{"read":"allow","write":"ask","destructive":"ask"},"tools":{}}]}`;
    let names: string[] = [];
    const compiled = await compiledParsers(() => {
      names = parseFile(text, 'agents.json').map((agent) => agent.name);
    });
    expect(names).toEqual(['bot']);
    expect(compiled).toBe(0);
  });
});
