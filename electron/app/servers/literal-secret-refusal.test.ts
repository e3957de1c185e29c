import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/config';
import { refuseLiteralSecrets } from './literal-secret-refusal';

const V = 'sk-VERYSECRETVALUE0123456789abcdefABCDEF';

function refusal(config: ServerConfig, before?: ServerConfig): { message: string; hint: string; data?: Record<string, unknown> } | undefined {
  try {
    refuseLiteralSecrets('sx', config, before);
    return undefined;
  } catch (error) {
    const { message, hint, data } = error as { message: string; hint: string; data?: Record<string, unknown> };
    return { message, hint, ...(data === undefined ? {} : { data }) };
  }
}

describe('the core refuses an entry that would write a secret in clear into mcp.json', () => {
  it('refuses an env value, a secret argument, an auth header and a URL token, naming the field and the reference to write, never the value', () => {
    const cases: [ServerConfig, RegExp, string][] = [
      [{ command: 'echo', env: { API_KEY: V } }, /^env\.API_KEY holds a secret in clear/, '${secret:SX_API_KEY}'],
      [{ command: 'echo', args: ['--token', V] }, /^args\.1 holds a secret in clear/, '${secret:SX_TOKEN}'],
      [{ type: 'http', url: 'https://example.com/mcp', headers: { Authorization: `Bearer ${V}` } }, /^headers\.Authorization holds/, 'Bearer ${secret:SX_AUTHORIZATION}'],
      [{ type: 'http', url: `https://example.com/mcp?token=${V}` }, /^url\.token holds/, '${secret:SX_TOKEN}'],
      [{ type: 'http', url: 'https://me:hunter2hunter2@example.com/mcp' }, /^The URL \(its password\) holds/, 'Authorization: Bearer ${secret:SX_URL_TOKEN}'],
    ];
    for (const [config, message, reference] of cases) {
      const refused = refusal(config);
      expect(refused?.message).toMatch(message);
      expect(refused?.message).toMatch(/mcp\.json keeps only references to the vault/);
      expect(refused?.hint).toContain(reference);
      expect(`${refused?.message} ${refused?.hint}`).not.toContain(V);
      expect(`${refused?.message} ${refused?.hint}`).not.toContain('hunter2');
    }
  });

  // `servers add --description "token ghp_…"` wrote the token in clear, though status hid it as one.
  it('refuses a token in a description, never repeating it, and keeps one written by hand through an edit of another field', () => {
    const described: ServerConfig = { command: 'echo', description: `my token ${V}` };
    const refused = refusal(described);
    expect(refused?.message).toContain('The description holds what looks like a token');
    expect(refused?.data).toEqual({ fixIn: 'entry', field: 'description' });
    expect(JSON.stringify(refused)).not.toContain(V);
    expect(refusal({ command: 'echo', description: 'Notes of the team, read-only' })).toBeUndefined();
    expect(refusal({ ...described, args: ['x'] }, described)).toBeUndefined();
  });

  it('takes references, paths and plain settings', () => {
    expect(refusal({ command: 'echo', env: { API_KEY: '${secret:SX_API_KEY}', KEY_FILE: '/home/me/key.pem', LOG_LEVEL: 'debug' }, args: ['--token', '${secret:T}'] })).toBeUndefined();
    expect(refusal({ type: 'http', url: 'https://example.com/mcp?token=${secret:T}', headers: { Authorization: 'Bearer ${secret:T}' } })).toBeUndefined();
    // Long with letters and digits is no secret by itself: servers add takes these, so does the core.
    expect(refusal({ command: 'node', env: { NODE_OPTIONS: '--max-old-space-size=4096', BUILD_ID: 'release2026build0001abcd' } })).toBeUndefined();
    expect(refusal({ type: 'http', url: 'https://example.com/mcp', headers: { 'X-Request-Source': 'integration2026pipeline01' } })).toBeUndefined();
  });

  it('keeps a secret the entry already held (written by hand) through an edit of another field, and refuses a new one beside it', () => {
    const before: ServerConfig = { command: 'echo', env: { API_KEY: V } };
    expect(refusal({ command: 'echo', env: { API_KEY: V }, description: 'mine' }, before)).toBeUndefined();
    expect(refusal({ command: 'echo', env: { API_KEY: `${V}2` } }, before)?.message).toMatch(/^env\.API_KEY holds/);
    const url: ServerConfig = { type: 'http', url: 'https://me:hunter2hunter2@example.com/mcp' };
    expect(refusal({ ...url, description: 'mine' }, url)).toBeUndefined();
    expect(refusal({ type: 'http', url: 'https://me:other0other0@example.com/mcp' }, url)?.message).toMatch(/^The URL/);
  });
});

describe('text beside a reference, judged by the rule servers add shares', () => {
  it('takes a reference alone and a scheme or plain text beside one; refuses a literal glued to one', () => {
    expect(refusal({ command: 'echo', env: { API_KEY: '${env:X}' } })).toBeUndefined();
    expect(refusal({ type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${secret:x}', Cookie: 'session=${secret:S}; lang=en' } })).toBeUndefined();
    expect(refusal({ command: 'node', env: { NODE_OPTIONS: '--require ${env:HOME}/hook.js', GITHUB_TOKEN: 'Bearer ${secret:x}' } })).toBeUndefined();
    expect(refusal({ command: 'gcloud-mcp', env: { GOOGLE_APPLICATION_CREDENTIALS: '${env:HOME}/.config/gcloud/application_default_credentials.json', SSL_KEY: '${env:HOME}/certs/key.pem' } })).toBeUndefined();
    const glued = refusal({ command: 'echo', env: { API_KEY: 'sk-abc123${env:X}' } });
    expect(glued?.message).toMatch(/^env\.API_KEY \(text beside its reference\) holds a secret in clear/);
    expect(glued?.hint).toContain('${secret:SX_API_KEY}');
    expect(`${glued?.message} ${glued?.hint}`).not.toContain('abc123');
    expect(refusal({ type: 'http', url: 'https://example.com/mcp', headers: { 'X-Api-Key': 'sk-abc123${secret:x}' } })?.message).toMatch(/^headers\.X-Api-Key \(text beside/);
  });

  it('judges a credential flag\'s value beside a reference as an env value under a credential\'s name', () => {
    const glued = refusal({ command: 'node', args: ['x.js', '--token', '${secret:X}/rest'] });
    expect(glued?.message).toMatch(/^args\.2 \(text beside its reference\) holds a secret in clear/);
    expect(glued?.hint).toContain("write ${secret:SX_TOKEN} alone as the flag's value");
    expect(glued?.hint).toContain('_URL or _DIR');
    expect(refusal({ command: 'node', args: ['--api-key=sk-ab${secret:X}'] })?.message).toMatch(/^args\.0 \(text beside/);
    expect(refusal({ command: 'node', args: ['--key', '${env:HOME}/.ssh/id_ed25519', '--url', '${secret:BASE_URL}/rest', '--token', '${secret:T}'] })).toBeUndefined();
  });

  it('keeps a value the entry already held when another field is edited', () => {
    const before: ServerConfig = { command: 'echo', env: { API_KEY: 'sk-abc123${env:X}' } };
    expect(refusal({ ...before, args: ['--verbose'] }, before)).toBeUndefined();
  });
});
