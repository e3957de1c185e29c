import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { parseChoice, parsePolicy, parseToolRule } from './agent-option-parsers';

describe('agents options', () => {
  it('reads per-tier decisions and refuses anything else', () => {
    expect(parsePolicy('read=allow, write=ask')).toEqual({ read: 'allow', write: 'ask' });
    expect(() => parsePolicy('read=maybe')).toThrow(CodedError);
    expect(() => parsePolicy('admin=allow')).toThrow(/TIER=DECISION/);
    expect(() => parsePolicy('read=allow,write=ask,read=deny')).toThrow('--policy names the tier read twice');
    expect(() => parsePolicy('read=allow=deny')).toThrow(/TIER=DECISION pairs .* not "read=allow=deny"/);
    // Empty, or only commas: refused with the form to give, not taken as no change.
    expect(() => parsePolicy('')).toThrow('--policy takes TIER=DECISION pairs like read=allow,write=ask,destructive=deny, not ""');
    expect(() => parsePolicy(' , ')).toThrow(CodedError);
  });

  it('reads SERVER/TOOL=DECISION rules, repeatable, with default removing a rule', () => {
    const first = parseToolRule('github/delete_repo=deny');
    expect(first).toEqual([{ server: 'github', tool: 'delete_repo', decision: 'deny' }]);
    // Tool names may themselves hold "/" or "=": the server ends at the first "/", the decision follows the last "=".
    expect(parseToolRule('fs/dir/list=a=allow', first)).toEqual([...first, { server: 'fs', tool: 'dir/list=a', decision: 'allow' }]);
    expect(parseToolRule('github/create_issue=default')).toEqual([{ server: 'github', tool: 'create_issue', decision: null }]);
  });

  it('says what a rule looks like when one is malformed', () => {
    for (const bad of ['delete_repo=deny', '/x=deny', 'github/=deny', 'github/x=', 'github/x=never', 'github/x']) {
      expect(() => parseToolRule(bad), bad).toThrow(/SERVER\/TOOL=DECISION/);
    }
  });

  it('reads the choices for services asking back', () => {
    expect(parseChoice('deny', ['allow', 'deny'] as const, '--elicitation')).toBe('deny');
    expect(() => parseChoice('maybe', ['ask', 'deny'] as const, '--sampling')).toThrow('--sampling takes ask or deny, not "maybe"');
  });

  it('takes a choice in any case: --tool-mode Search is search', () => {
    expect(parseChoice('Search', ['all', 'search', 'auto'] as const, '--tool-mode')).toBe('search');
    expect(parseChoice(' AUTO ', ['all', 'search', 'auto'] as const, '--tool-mode')).toBe('auto');
    expect(parseChoice('Plain', ['prefixed', 'plain'] as const, '--names')).toBe('plain');
  });
});
