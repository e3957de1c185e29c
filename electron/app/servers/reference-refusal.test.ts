import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { refuseBrokenReferences } from './reference-refusal';

function refusal(fn: () => void): CodedError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CodedError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('refuseBrokenReferences', () => {
  it('refuses a reference to a store the settings do not have, naming the field, and takes one they add', () => {
    const config = { command: 'node', env: { TOKEN: '${secret:team:github/token}' } };
    const error = refusal(() => refuseBrokenReferences(config, undefined));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('The reference ${secret:team:github/token} names the secret store "team", and no store has that name (in env.TOKEN). Nothing was written.');
    expect(error.hint).toContain('add "team" to "secretStores"');
    expect(() => refuseBrokenReferences(config, { secretStores: { team: { type: 'pass', dir: '/srv/team-store' } } })).not.toThrow();
  });

  it('checks the form alone when the stores are not known', () => {
    expect(() => refuseBrokenReferences({ env: { TOKEN: '${secret:team:x}' } }, 'unknown')).not.toThrow();
    expect(refusal(() => refuseBrokenReferences({ env: { TOKEN: '${secret:X' } }, 'unknown')).message).toContain('has no closing "}" (in env.TOKEN)');
  });

  it('keeps a broken reference the entry held before, and refuses a new one beside it', () => {
    const before = { command: 'node', env: { OLD: '${secret:gone:x}' } };
    expect(() => refuseBrokenReferences({ ...before, args: ['--verbose'] }, undefined, before)).not.toThrow();
    expect(refusal(() => refuseBrokenReferences({ env: { OLD: '${secret:gone:x}', NEW: '${secret:bad name}' } }, undefined, before)).message).toContain('(in env.NEW)');
  });
});
