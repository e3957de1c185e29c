import { describe, expect, it } from 'vitest';
import { findLiteralSecrets, secretInUrl, secretNameFor, urlSecretParts } from './literal-secrets';
import { STDIO_IN_CLEAR } from '../../test/fixtures/secrets/stdio-in-clear';

describe('the secrets an entry holds in clear: as `servers add` judges them', () => {
  it('finds a URL with a password, DB_PASS and PGPASS in env, and the secret arguments', () => {
    expect(findLiteralSecrets('db', STDIO_IN_CLEAR).map((f) => [f.field, f.value])).toEqual([
      ['env.DATABASE_URL', 'postgres://admin:Hunter2Passw0rd@db.internal:5432/prod'],
      ['env.DB_PASS', 'hunter2'],
      ['env.PGPASS', 's3cret!'],
      ['args.3', 'sk-ant-api03-AAAAbbbbCCCCddddEEEE1234'],
      ['args.4', 'hunter2'],
    ]);
  });

  it("names the URL's secret (it cannot be moved: a URL holds no references), and nothing in a plain URL", () => {
    expect(secretInUrl({ type: 'http', url: 'https://mcp.example.com/mcp?api_key=AAAAbbbbCCCCddddEEEE1234' })).toBe('its parameter api_key');
    expect(secretInUrl({ type: 'http', url: 'https://me:Passw0rd@mcp.example.com/mcp' })).toBe('its password');
    expect(secretInUrl({ type: 'http', url: 'https://mcp.example.com/mcp?region=eu' })).toBeUndefined();
    expect(secretInUrl({ command: 'npx' })).toBeUndefined();
  });

  it("gives a URL's secret text, as decoded and as written, and nothing of a plain URL or a reference", () => {
    expect(urlSecretParts('https://me:Passw0rd@mcp.example.com/mcp')).toEqual(['Passw0rd']);
    expect(urlSecretParts('https://mcp.example.com/mcp?api_key=AAAA%2FbbbbCCCCddddEEEE1234&region=eu')).toEqual(['AAAA/bbbbCCCCddddEEEE1234', 'AAAA%2FbbbbCCCCddddEEEE1234']);
    expect(urlSecretParts('https://mcp.example.com/u/Xq7Lm2Np9Rt4Vw8Zb3Kd6Hf1Jg5s/mcp')).toEqual(['Xq7Lm2Np9Rt4Vw8Zb3Kd6Hf1Jg5s']);
    expect(urlSecretParts('https://mcp.example.com/mcp?region=eu')).toEqual([]);
    expect(urlSecretParts('https://mcp.example.com/mcp?token=${secret:T}')).toEqual([]);
    expect(urlSecretParts('not a url')).toEqual([]);
  });
});

describe('secretNameFor: the vault name offered for a value in clear', () => {
  it("is SERVER_FIELD, but the field alone when it already begins with the server's name", () => {
    expect(secretNameFor('notes', 'GITHUB_TOKEN')).toBe('NOTES_GITHUB_TOKEN');
    expect(secretNameFor('github', 'GITHUB_PERSONAL_ACCESS_TOKEN')).toBe('GITHUB_PERSONAL_ACCESS_TOKEN');
    expect(secretNameFor('my-api', 'MY_API_KEY')).toBe('MY-API_MY_API_KEY');
    expect(secretNameFor('my-api', 'my-api_key')).toBe('MY-API_KEY');
    expect(secretNameFor('github', 'GITHUB')).toBe('GITHUB');
    expect(secretNameFor('git', 'GITHUB_TOKEN')).toBe('GIT_GITHUB_TOKEN');
    expect(findLiteralSecrets('github', { command: 'npx', env: { GITHUB_TOKEN: 'ghp_0123456789abcdefABCDEF0123456789abcd' } }).map((f) => f.preferredName)).toEqual(['GITHUB_TOKEN']);
  });
});
