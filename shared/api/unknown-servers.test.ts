import { describe, expect, it } from 'vitest';
import { likelyMeant, noneNamed, unknownServers } from './unknown-servers';

describe('servers an agent names that are not configured', () => {
  it('are each said once, with each likely name once; none for every server', () => {
    const configured = ['everything', 'memory'];
    const unknown = unknownServers(['everythng', 'Everything', 'everythng', 'memory'], configured);
    expect(unknown).toEqual(['everythng', 'Everything']);
    expect(likelyMeant(unknown, configured)).toEqual(['everything']);
    expect(unknownServers('*', configured)).toEqual([]);
    expect(unknownServers(['*', 'typo'], configured)).toEqual([]);
    expect(noneNamed(1, 'server')).toBe('no server of that name');
    expect(noneNamed(2, 'service')).toBe('no service by those names');
  });
});
