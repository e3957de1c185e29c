import { describe, expect, it } from 'vitest';
import { secretArguments } from './credential-flags';

describe('secretArguments: a credential flag\'s value beside a reference', () => {
  it('takes a path or URL that names a place, as an env value under a credential\'s name', () => {
    expect(secretArguments(['--key', '${env:HOME}/.ssh/id_ed25519'])).toEqual([]);
    expect(secretArguments(['--credentials=${secret:CREDS_DIR}/sa.json'])).toEqual([]);
    expect(secretArguments(['--token-file', '${secretFile:T}'])).toEqual([]);
    expect(secretArguments(['--api-key', '${secret:KEY_DIR}\\client.pem'])).toEqual([]);
  });

  // A stdio sign-in hands its token to the program here (docs/sign-in.md): a reference, as `${secret:…}` is.
  it("takes a sign-in's ${token} or ${token:SERVER} as a credential flag's value", () => {
    expect(secretArguments(['--token', '${token}'])).toEqual([]);
    expect(secretArguments(['--token=${token:github}'])).toEqual([]);
    expect(secretArguments(['--api-key', 'Bearer ${token:my-server_2}'])).toEqual([]);
    // Only a server's name after the colon: anything else there is text in clear.
    expect(secretArguments(['--token', '${token:not a name}'])).toEqual([{ index: 1, flag: '--token' }]);
    expect(secretArguments(['--token', '${token}hunter2'])).toEqual([{ index: 1, flag: '--token' }]);
  });

  it('refuses text glued to a credential: the reference may hold only a key\'s start', () => {
    expect(secretArguments(['--token', '${secret:X}/rest'])).toEqual([{ index: 1, flag: '--token' }]);
    expect(secretArguments(['--token=${secret:X}/rest'])).toEqual([{ index: 0, flag: '--token' }]);
    expect(secretArguments(['--token', '${secret:BASE_URL}/db?pw=hunter2'])).toEqual([{ index: 1, flag: '--token' }]);
    expect(secretArguments(['--key', '${env:HOME}/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6'])).toEqual([{ index: 1, flag: '--key' }]);
  });
});
