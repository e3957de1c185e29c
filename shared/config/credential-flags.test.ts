import { describe, expect, it } from 'vitest';
import { secretArguments } from './credential-flags';

describe('secretArguments: a credential flag\'s value beside a reference', () => {
  it('takes a path or URL that names a place, as an env value under a credential\'s name', () => {
    expect(secretArguments(['--key', '${env:HOME}/.ssh/id_ed25519'])).toEqual([]);
    expect(secretArguments(['--credentials=${secret:CREDS_DIR}/sa.json'])).toEqual([]);
    expect(secretArguments(['--token-file', '${secretFile:T}'])).toEqual([]);
    expect(secretArguments(['--api-key', '${secret:KEY_DIR}\\client.pem'])).toEqual([]);
  });

  it('refuses text glued to a credential: the reference may hold only a key\'s start', () => {
    expect(secretArguments(['--token', '${secret:X}/rest'])).toEqual([{ index: 1, flag: '--token' }]);
    expect(secretArguments(['--token=${secret:X}/rest'])).toEqual([{ index: 0, flag: '--token' }]);
    expect(secretArguments(['--token', '${secret:BASE_URL}/db?pw=hunter2'])).toEqual([{ index: 1, flag: '--token' }]);
    expect(secretArguments(['--key', '${env:HOME}/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6'])).toEqual([{ index: 1, flag: '--key' }]);
  });
});
