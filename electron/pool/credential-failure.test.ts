import { describe, expect, it } from 'vitest';
import { credentialFailureInResult, textOf } from './credential-failure';

const text = (value: string) => [{ type: 'text', text: value }];
const managed = { command: 'mail', env: { T: '${token}' }, auth: { type: 'oauth' as const, issuer: 'https://a.example', clientId: 'c' } };
const own = { command: 'mail' };

describe('a stdio program saying its credentials failed', () => {
  it('isError with 401, invalid_grant or unauthorized is auth_required, with the command that fixes it', () => {
    for (const message of ['HTTP 401 from the API', 'invalid_grant: Token has been expired or revoked.', 'Unauthorized']) {
      const error = credentialFailureInResult('mail', managed, { isError: true, content: text(message) });
      expect(error?.code).toBe('auth_required');
      expect(error?.hint).toContain('connected-services connect mail');
    }
  });

  it('a program keeping its own token is told where the fix is, and its text is never repeated', () => {
    const error = credentialFailureInResult('mail', own, { isError: true, content: text('401 Unauthorized for token ya29.secret-value') });
    expect(error?.hint).toContain('"auth" block');
    expect(JSON.stringify(error?.toWire())).not.toContain('ya29');
  });

  it('a plain text result that is plainly an auth error counts; ordinary results and other errors do not', () => {
    expect(credentialFailureInResult('mail', managed, { content: text('Error: invalid_grant') })?.code).toBe('auth_required');
    expect(credentialFailureInResult('mail', managed, { content: text('Your meeting with the unauthorized visitors team is at 3') })).toBeUndefined();
    expect(credentialFailureInResult('mail', managed, { isError: true, content: text('file not found') })).toBeUndefined();
    expect(credentialFailureInResult('mail', managed, { content: text(`${'x'.repeat(600)} invalid_grant`) })).toBeUndefined();
  });

  it('a refused API key: the hint says to store the right key, then connect (a key is not signed in again)', () => {
    const named = { command: 'notes', env: { K: '${token}' }, auth: { type: 'api_key' as const, key: '${secret:NOTES_KEY}' } };
    const error = credentialFailureInResult('notes', named, { isError: true, content: text('HTTP 401 Unauthorized') });
    expect(error?.code).toBe('auth_required');
    expect(error?.hint).toBe('store the right key with `connected-services secrets set NOTES_KEY`, then run `connected-services connect notes` (or press "Enter API key" on its page in the app)');
    const inVault = credentialFailureInResult('notes', { ...named, auth: { type: 'api_key' as const } }, { isError: true, content: text('401') });
    expect(inVault?.hint).toContain('"notes/apiKey"');
  });

  it('HTTP servers are left to their own 401 handling', () => {
    expect(credentialFailureInResult('web', { type: 'http', url: 'https://x.example/mcp' }, { isError: true, content: text('401') })).toBeUndefined();
  });
});

describe('textOf: the scanned start of a result', () => {
  /** The reference: every text block joined with newlines, then cut. */
  const reference = (content: { type: string; text?: string }[]): string =>
    content.filter((c) => c.type === 'text' && typeof c.text === 'string').map((c) => `${c.text ?? ''}\n`).join('').slice(0, 2000);

  it('is the first 2,000 characters of the text blocks joined by newlines, whatever their sizes', () => {
    for (let n = 0; n < 500; n++) {
      const content = Array.from({ length: n % 6 }, (_, i) => (i % 3 === 1 ? { type: 'image' } : { type: 'text', text: String(i).repeat((n * 37 + i * 701) % 2600) }));
      expect(textOf(content)).toBe(reference(content));
    }
  });

  it('finds a refusal at the start of a 1 MB error result and nothing past the first 2,000 characters', () => {
    const head = { isError: true, content: [{ type: 'text', text: `401 Unauthorized ${'x'.repeat(1 << 20)}` }] };
    expect(credentialFailureInResult('gh', { command: 'gh' }, head)?.code).toBe('auth_required');
    const tail = { isError: true, content: [{ type: 'text', text: `${'x'.repeat(1 << 20)} 401 Unauthorized` }] };
    expect(credentialFailureInResult('gh', { command: 'gh' }, tail)).toBeUndefined();
  });
});
