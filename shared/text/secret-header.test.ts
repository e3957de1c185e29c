import { describe, expect, it } from 'vitest';

import { headerNameWords, secretHeaderNamed } from './secret-header';

describe('secretHeaderNamed', () => {
  it('splits a name at dashes, underscores and camelCase', () => {
    expect(headerNameWords('Ocp-Apim-Subscription-Key')).toEqual(['ocp', 'apim', 'subscription', 'key']);
    expect(headerNameWords('xAuthToken')).toEqual(['x', 'auth', 'token']);
    expect(headerNameWords('X_API_PASS')).toEqual(['x', 'api', 'pass']);
  });

  it('takes a credential word in the name for a credential, not a fixed list', () => {
    for (const name of [
      'Authorization', 'Proxy-Authorization', 'Cookie', 'X-Session-Cookie', 'X-Pass', 'X-Api-Pass', 'X-Password', 'Passcode', 'X-Secret', 'X-Auth',
      'X-Access-Key', 'Private-Token', 'X-Goog-Api-Key', 'Ocp-Apim-Subscription-Key', 'X-APIKEY', 'xAuthToken', 'X-Auth-Key', 'X-Client-Secret', 'X-Jwt', 'X-Accesskey',
    ]) expect({ name, secret: secretHeaderNamed(name) }).toEqual({ name, secret: true });
  });

  it('leaves names that only speak of a credential, or hold its letters inside another word', () => {
    for (const name of [
      'X-Monkey', 'X-Keyboard', 'Content-Type', 'Accept', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'X-Token-Type', 'X-Api-Key-Id', 'X-Auth-Email',
      'X-Pass-Through', 'Idempotency-Key', 'X-Cache-Key', 'X-Tokenizer', 'X-Request-Id', 'X-Passenger', 'tokenCount', 'X-Token-Limit', 'passwordPolicy',
    ]) expect({ name, secret: secretHeaderNamed(name) }).toEqual({ name, secret: false });
  });
});
