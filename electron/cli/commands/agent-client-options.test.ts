import { describe, expect, it } from 'vitest';
import { parseClient, parseClientOnSet } from './agent-client-options';

describe('agents set --for', () => {
  it('an empty value forgets the client, as none does (an empty option clears its field)', () => {
    expect(parseClientOnSet('')).toBe('none');
    expect(parseClientOnSet('  ')).toBe('none');
    expect(parseClientOnSet('none')).toBe('none');
    expect(parseClientOnSet('cursor')).toBe('cursor');
    expect(parseClientOnSet('12')).toBe(12);
  });

  it('--client of agents connect still refuses an empty value, naming the clients', () => {
    expect(() => parseClient('')).toThrow(/--for takes .*not ""/);
  });
});
