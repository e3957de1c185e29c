import { describe, expect, it } from 'vitest';
import { parseId } from './servers-from-registry';

describe('servers add --from-registry ID[@VERSION]', () => {
  it('reads the id and an optional version (the last @; a scoped npm-like id keeps its first)', () => {
    expect(parseId('io.github.owner/name')).toEqual({ id: 'io.github.owner/name' });
    expect(parseId('io.github.owner/name@1.2.0')).toEqual({ id: 'io.github.owner/name', version: '1.2.0' });
    expect(parseId('@scope/name@2')).toEqual({ id: '@scope/name', version: '2' });
  });

  it('refuses an empty id or version instead of asking the registry for ""', () => {
    for (const raw of ['', ' ', 'io.github.owner/name@']) {
      expect(() => parseId(raw), raw).toThrow(/--from-registry takes ID\[@VERSION\]/);
    }
  });
});
