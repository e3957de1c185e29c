import { describe, expect, it } from 'vitest';
import { referenceIssues } from './reference-issues';

const STORES = new Set(['vault', 'pass', 'keepassxc', 'secret-service', 'work']);

describe('referenceIssues', () => {
  it('finds nothing in well-formed references to known stores', () => {
    expect(
      referenceIssues(
        { env: { TOKEN: '${secret:GITHUB_TOKEN}', KEY: '${secret:work:team/key}', HOME_DIR: '${env:HOME}/x' }, args: ['--token', '${secret:pass:a/b}', '$${secret:literal'] },
        STORES,
      ),
    ).toEqual([]);
    expect(referenceIssues({ url: 'https://example.com/mcp?key=${secret:K}', headers: { Authorization: 'Bearer ${secret:vault:T}' }, auth: { type: 'api-key', key: '${secret:K}' } }, STORES)).toEqual([]);
  });

  it('names the field of an unterminated, a malformed and an unknown store reference', () => {
    const issues = referenceIssues(
      {
        env: { A: '${secret:X', B: '${secret:two words}', C: '${env:1X}' },
        args: ['${secret:pass:../../etc/passwd}', '${secret:pas:github/token}', '${secret:vault:}'],
      },
      STORES,
    );
    expect(issues.map((i) => i.field)).toEqual(['env.A', 'env.B', 'env.C', 'args[0]', 'args[1]', 'args[2]']);
    expect(issues[0]?.message).toBe('The reference ${secret:X has no closing "}".');
    expect(issues[1]?.message).toContain('does not name a valid secret');
    expect(issues[2]?.message).toContain('does not name a valid environment variable');
    expect(issues[3]?.message).toContain('does not name a valid path');
    expect(issues[4]?.message).toBe('The reference ${secret:pas:github/token} names the secret store "pas", and no store has that name.');
    expect(issues[4]?.hint).toContain('keepassxc, pass, secret-service, vault, work');
    expect(issues[5]?.message).toContain('does not name a valid path');
  });

  it('checks store names only when it is given them', () => {
    expect(referenceIssues({ env: { T: '${secret:pas:x}' } })).toEqual([]);
    expect(referenceIssues({ env: { T: '${secret:pas:x}' } }, STORES)).toHaveLength(1);
  });

  it('reads the auth block\u2019s secrets, and no other field', () => {
    const issues = referenceIssues({ url: 'https://example.com/mcp', auth: { type: 'oauth', clientId: '${secret:not read', clientSecret: '${secret:nope:x}' } }, STORES);
    expect(issues.map((i) => i.field)).toEqual(['auth.clientSecret']);
  });
});
