import { describe, expect, it } from 'vitest';
import { secretEnv } from './literal-secrets';
import { refusableEnv, refusableHeader, refusableSecret } from './refusable-secret';

describe('refusableSecret', () => {
  it('refuses a credential by its name or a token by its shape', () => {
    expect(refusableEnv('GITHUB_TOKEN', 'plainword')).toBe(true);
    expect(refusableEnv('ANYTHING', 'ghp_0123456789abcdefABCDEF0123456789abcd')).toBe(true);
    expect(refusableEnv('DATABASE_URL', 'postgres://me:hunter2@db.example/app')).toBe(true);
    expect(refusableHeader('Authorization', 'Bearer plainword')).toBe(true);
    expect(refusableHeader('X-Trace', 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBe(true);
  });

  it('lets a long setting through that only import would move', () => {
    expect(refusableEnv('NODE_OPTIONS', '--max-old-space-size=4096')).toBe(false);
    expect(refusableEnv('WORKSPACE', '/home/me/projects/app')).toBe(false);
    expect(refusableHeader('Accept', 'application/json')).toBe(false);
  });

  it('flags on a screen only what adding refuses: a long lowercase id is moved by import, not refused', () => {
    const id = '3f9c2e1b7d4a6e8f0c2b4d6a8e0f2c4b6d8a0e2f';
    expect(secretEnv('BUILD_ID', id)).toBe(true);
    expect(refusableEnv('BUILD_ID', id)).toBe(false);
  });

  it('judges a reference as no secret and an argument always as one', () => {
    expect(refusableEnv('GITHUB_TOKEN', '${secret:GITHUB}')).toBe(false);
    expect(refusableSecret({ field: 'args.2', value: 'x' })).toBe(true);
  });
});
