import { describe, expect, it } from 'vitest';
import { compareSemver } from './semver-order';

describe('compareSemver (SemVer 2.0.0 §11)', () => {
  it('orders versions by precedence, numbers as numbers', () => {
    const ordered = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '2.0.0', '9.0.0', '10.0.0'];
    for (let i = 1; i < ordered.length; i += 1) {
      expect(compareSemver(ordered[i] ?? '', ordered[i - 1] ?? '')).toBe(1);
      expect(compareSemver(ordered[i - 1] ?? '', ordered[i] ?? '')).toBe(-1);
    }
    expect(compareSemver('1.0.0+build.1', '1.0.0')).toBe(0);
  });

  it('knows no order for what is not a semantic version', () => {
    for (const odd of ['2.0', 'latest', 'v1.0.0', '01.0.0', '']) expect(compareSemver(odd, '1.0.0')).toBeUndefined();
  });
});
