import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { assertPrivateDir, assertPrivateFile } from './permissions';

function refusal(check: () => void): CodedError | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof CodedError) return error;
    throw error;
  }
}

describe('vault permissions', () => {
  it('refuses a file the group can read or write, not only one others can', () => {
    for (const mode of [0o640, 0o620, 0o660, 0o604, 0o644]) {
      const error = refusal(() => assertPrivateFile('/data/vault.enc', 0o100000 | mode, 'linux'));
      expect({ mode: mode.toString(8), code: error?.code, hint: error?.hint }).toEqual({ mode: mode.toString(8), code: 'denied', hint: 'Run: chmod 600 /data/vault.enc' });
      expect(error?.message).toContain(`0${mode.toString(8)}`);
    }
    expect(refusal(() => assertPrivateFile('/data/vault.enc', 0o100600, 'linux'))).toBeUndefined();
    expect(refusal(() => assertPrivateFile('/data/vault.enc', 0o100400, 'linux'))).toBeUndefined();
  });

  it('refuses a folder the group can enter or list, not only one others can', () => {
    for (const mode of [0o750, 0o710, 0o740, 0o770, 0o705, 0o755]) {
      const error = refusal(() => assertPrivateDir('/data', 0o40000 | mode, 'darwin'));
      expect({ mode: mode.toString(8), code: error?.code, hint: error?.hint }).toEqual({ mode: mode.toString(8), code: 'denied', hint: 'Run: chmod 700 /data' });
    }
    expect(refusal(() => assertPrivateDir('/data', 0o40700, 'linux'))).toBeUndefined();
  });

  it('leaves modes to ACLs on Windows', () => {
    expect(refusal(() => assertPrivateFile('C:\\data\\vault.enc', 0o100666, 'win32'))).toBeUndefined();
    expect(refusal(() => assertPrivateDir('C:\\data', 0o40777, 'win32'))).toBeUndefined();
  });
});
