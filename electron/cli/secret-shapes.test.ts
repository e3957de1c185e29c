import { describe, expect, it } from 'vitest';
import { secretArguments, tokenShaped } from './secret-shapes';

describe('tokenShaped', () => {
  it('a path whose folder mixes case at random (mkdtemp) is no token; a known prefix in a path is', () => {
    for (const path of ['/tmp/cs-secret-files-Qx7Rb2Lm9Nk4Zp/pid', './work/Ab3dE5gH7jK9mN1pQ/run', 'C:\\Temp\\cs-AbCdEf123456XyZw\\pid', '~/caches/XyZ0aB1cD2eF3gH4iJ5/k'])
      expect({ path, shaped: tokenShaped(path) }).toEqual({ path, shaped: false });
    expect(tokenShaped('~/sk-live-Zq8Xw3Rt7Yp2Lm9Nb4Vc6Kd1')).toBe(true);
    expect(tokenShaped('/keys/ghp_0123456789abcdefghijABCDEFGHIJ012345')).toBe(true);
  });

  it('outside a path a mixed-case token-shaped word still counts', () => {
    expect(tokenShaped('Zq8Xw3Rt7Yp2Lm9Nb4Vc6Kd1')).toBe(true);
    expect(secretArguments(['x.js', '/tmp/cs-Qx7Rb2Lm9Nk4ZpWq/out'])).toEqual([]);
  });
});
