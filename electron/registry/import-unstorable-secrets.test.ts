import { describe, expect, it } from 'vitest';
import { unstorableSecretReason } from './import-unstorable-secrets';

describe('unstorableSecretReason', () => {
  it("names the field of a secret holding a NUL byte (a URL's %00), never its value", () => {
    const reason = unstorableSecretReason({ type: 'http', url: 'https://x.example/mcp?api_key=TOPSECRET0123456789%00tail' });
    expect(reason).toBe('url.api_key holds a secret with a NUL byte, which the vault does not keep; correct it in that file and import again');
    expect(reason).not.toContain('TOPSECRET');
  });

  it('says nothing of secrets the vault keeps, nor of a NUL outside a secret', () => {
    expect(unstorableSecretReason({ type: 'http', url: 'https://x.example/mcp?api_key=AAAAbbbbCCCCddddEEEE1234' })).toBeUndefined();
    expect(unstorableSecretReason({ type: 'http', url: 'https://x.example/mcp?page=%00' })).toBeUndefined();
  });
});
