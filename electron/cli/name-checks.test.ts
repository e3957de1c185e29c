import { describe, expect, it } from 'vitest';
import { API_METHODS } from '../../shared/api';
import { checkAgentName } from './name-checks';

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
