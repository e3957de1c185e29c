import { describe, expect, it } from 'vitest';
import { parseFile, withDecision } from './agent-file';

const HASH = 'a'.repeat(64);

describe('agents.json rules under names every object has', () => {
  it('reads a rule for a tool named __proto__ as a rule, and refuses one that is no decision', () => {
    const file = (rule: string): string =>
      `{"version":1,"agents":[{"name":"bot","tokenHash":"${HASH}","tokenHint":"x","createdAt":1,"tokenCreatedAt":1,"servers":["*"],"policy":{"read":"allow","write":"ask","destructive":"ask"},"tools":{"constructor":{"__proto__":${rule}}}}]}`;
    const [agent] = parseFile(file('"deny"'), 'agents.json');
    expect(Object.hasOwn(agent?.tools['constructor'] ?? {}, '__proto__')).toBe(true);
    expect(agent?.tools['constructor']?.['__proto__']).toBe('deny');
    expect(() => parseFile(file('"sometimes"'), 'agents.json')).toThrow(/agents\.0\.tools\.constructor\.__proto__/);
  });

  it('sets and removes a rule for a tool named __proto__ as an own entry, never a prototype', () => {
    const set = withDecision({}, 'constructor', '__proto__', 'deny');
    expect(JSON.stringify(set)).toBe('{"constructor":{"__proto__":"deny"}}');
    expect(Object.getPrototypeOf(set['constructor'])).toBe(Object.prototype);
    expect(withDecision(set, 'constructor', '__proto__', null)).toEqual({});
  });
});
