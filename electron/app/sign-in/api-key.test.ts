import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/config';
import { secretKey, vaultKey, type VaultKey } from '../../../shared/vault';
import { apiKeyLocation } from './api-key';

const keyed = (key?: string): ServerConfig => ({ type: 'http', url: 'https://search.example.com/mcp', auth: { type: 'api_key', ...(key !== undefined ? { key } : {}) } });
const vaultWith = (present: VaultKey[]) => ({ get: (key: VaultKey) => Promise.resolve(present.some((p) => p.server === key.server && p.kind === key.kind) ? 'x' : undefined) });

describe('apiKeyLocation: the key goes where the entry reads it', () => {
  it('is the vault entry <server>/apiKey without a reference', async () => {
    await expect(apiKeyLocation(vaultWith([]), 'search', keyed())).resolves.toEqual(vaultKey('search', 'apiKey'));
  });

  it('is the named secret, the one scoped to the server when it exists (as the resolver prefers it)', async () => {
    await expect(apiKeyLocation(vaultWith([]), 'search', keyed('${secret:SEARCH_KEY}'))).resolves.toEqual(secretKey('SEARCH_KEY'));
    await expect(apiKeyLocation(vaultWith([secretKey('SEARCH_KEY', 'search')]), 'search', keyed('${secret:SEARCH_KEY}'))).resolves.toEqual(secretKey('SEARCH_KEY', 'search'));
  });

  it('refuses an entry that reads its key from the environment, or takes none', async () => {
    await expect(apiKeyLocation(vaultWith([]), 'search', keyed('${env:SEARCH_KEY}'))).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(apiKeyLocation(vaultWith([]), 'search', { type: 'http', url: 'https://x.example.com/mcp' })).rejects.toMatchObject({
      code: 'invalid_input',
      // The buttons the app has for it: no Connect button exists for a server that signs in.
      hint: 'Sign in to it instead: run `connected-services connect search` (or press "Sign in with the browser" or "Sign in with a code" on its page in the app).',
    });
  });
});
