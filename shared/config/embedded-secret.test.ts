import { describe, expect, it } from 'vitest';
import { secretInside } from './embedded-secret';
import { findLiteralSecrets } from './literal-secrets';
import { secretArguments } from './credential-flags';

const GHP = 'ghp_0123456789abcdefABCDEF0123456789abcd';

describe('a secret inside a longer value', () => {
  it('is found in JSON by a credential-named member or a token shape, and a known token anywhere', () => {
    expect(secretInside(`{"token":"${GHP}"}`)).toBe(true);
    expect(secretInside('{"apiKey":"AKIAABCDEFGHIJKLMNOP"}')).toBe(true);
    expect(secretInside('[{"auth":{"password":"hunter2"}}]')).toBe(true);
    expect(secretInside(`--header=X-Key:${GHP}`)).toBe(true);
  });

  it('is not found in ordinary config values', () => {
    for (const value of [
      '{"timeout":30,"region":"eu-west-1","tokenUrl":"https://auth.example.com/token","maxTokens":4096,"keyFile":"~/k.json"}',
      '{"auth":{"type":"oauth","token_endpoint":"https://x.example/token"},"password_policy":"strict","secretName":"prod-db"}',
      '{"model":"claude-3-5-sonnet","api_base":"https://api.example.com","features":["search","key-value"]}',
      '{"apiKey":"${secret:K}"}',
      'key=value',
      'cache_key=users,log-level=debug',
      '--max-old-space-size=4096',
    ]) expect(secretInside(value), value).toBe(false);
  });

  it('makes an env value, an argument and a header in clear, so import moves them whole', () => {
    const found = findLiteralSecrets('j', { command: 'node', args: ['x', `{"token":"${GHP}"}`], env: { CONFIG: '{"apiKey":"AKIAABCDEFGHIJKLMNOP"}', OPTIONS: '{"region":"eu"}' } });
    expect(found.map((f) => [f.field, f.replacement('J_CONFIG')])).toEqual([['env.CONFIG', '${secret:J_CONFIG}'], ['args.1', '${secret:J_CONFIG}']]);
    expect(secretArguments(['x', '{"debug":true}'])).toEqual([]);
    expect(findLiteralSecrets('h', { type: 'http', url: 'https://x.example/mcp', headers: { 'X-Config': `{"token":"${GHP}"}` } }).map((f) => f.field)).toEqual(['headers.X-Config']);
  });
});
