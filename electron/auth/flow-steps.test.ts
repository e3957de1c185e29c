import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flowError } from './auth-errors';
import { answerName, DURING } from './flow-steps';

/** What openid-client throws when oauth4webapi's check of an answer fails. */
function invalid(reason: string): Error {
  return Object.assign(new Error('invalid response encountered', { cause: new Error(reason) }), { code: 'OAUTH_INVALID_RESPONSE' });
}

const EXPECTED: Record<keyof typeof DURING, string> = {
  signIn: 'token response',
  deviceCode: 'device authorization response',
  deviceApproval: 'token response',
  clientCredentials: 'token response',
  refresh: 'token response',
  revoke: 'revocation response',
};

describe('DURING: every step names the answer it reads', () => {
  it.each(Object.entries(EXPECTED))('%s reads a %s', (step, noun) => {
    const during = DURING[step as keyof typeof DURING];
    expect(answerName(during)).toBe(noun);
    expect(flowError('notes', invalid('bad'), during).message).toBe(`The authorization server answered an invalid ${noun} ${during}: bad`);
  });

  it('names no particular answer for a step it does not know, whatever its words', () => {
    expect(answerName('while revoking a device code')).toBe('response');
  });

  it('is what every flowError call in the product names its step by', () => {
    const root = join(import.meta.dirname, '..');
    const calls: string[] = [];
    for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue;
      const text = readFileSync(join(root, entry), 'utf8');
      for (const match of text.matchAll(/(?<!function )\bflowError\(([^,()]+),([^,()]+),([^,()]+)[,)]/g)) calls.push(`${entry}: ${(match[3] ?? '').trim()}`);
    }
    expect(calls.length).toBeGreaterThanOrEqual(7);
    for (const call of calls) expect(call).toMatch(/: DURING\.[a-zA-Z]+$/);
  });
});
