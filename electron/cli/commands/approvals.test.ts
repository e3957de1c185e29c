import { describe, expect, it } from 'vitest';
import type { PendingApproval } from '../../../shared/api';
import { approvalLines } from './approvals';

const base: PendingApproval = { id: 'a1b2c3', agent: 'claude', server: 'mail', kind: 'tool', tool: 'send_email', tier: 'write', requestedAt: 0, expiresAt: 90_000 };

describe('approvals list', () => {
  it('prints each waiting call, then its arguments pretty-printed as sent (the app named what it holds)', () => {
    const lines = approvalLines([{ ...base, arguments: { to: ['bob@example.test'], body: 'hi\u202Eevil', auth: 'Bearer abcdef123456', api_key: 'k-1' } }], 0);
    expect(lines[0]).toMatch(/^ID\s+AGENT\s+KIND\s+CALL\s+TIER\s+EXPIRES IN$/);
    expect(lines[1]).toMatch(/^a1b2c3\s+claude\s+tool\s+mail send_email\s+write\s+90s$/);
    expect(lines.slice(2).join('\n')).toBe(
      [
        '',
        'a1b2c3 send_email on mail, arguments:',
        '  {',
        '    "to": [',
        '      "bob@example.test"',
        '    ],',
        '    "body": "hi\\u202eevil",',
        '    "auth": "Bearer abcdef123456",',
        '    "api_key": "k-1"',
        '  }',
      ].join('\n'),
    );
  });

  it('says when nothing waits, and prints no argument block for a resource read', () => {
    expect(approvalLines([], 0)).toEqual(['No call is waiting for approval.']);
    const lines = approvalLines([{ ...base, kind: 'resource', tool: 'file:///notes/plan.md', tier: 'read' }], 0);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('mail file:///notes/plan.md');
  });

  it('puts the warning of a call held for a value from the vault under the table, naming the secret', () => {
    const warning = 'its arguments hold the value of GITHUB_TOKEN from the vault';
    const lines = approvalLines([base, { ...base, id: 'd4e5f6', tier: 'read', warning }], 0);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe(`d4e5f6 WARNING: held because ${warning}; deny it unless you gave claude that value`);
  });

  it("names a held search by the bridge's own tool alone: it is no service's", () => {
    const lines = approvalLines([{ ...base, server: '', tool: 'search_tools', tier: 'read', arguments: { query: '[secret GITHUB_TOKEN]' } }], 0);
    expect(lines[1]).toMatch(/^a1b2c3 +claude +tool +search_tools +read/);
    expect(lines).toContain('a1b2c3 search_tools of Connected Services, arguments:');
  });
});
