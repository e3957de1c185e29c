import { describe, expect, it } from 'vitest';
import { agentSafe, MAX_MARKS } from './agent-safe';

describe('agentSafe', () => {
  it('shows what a terminal would act on or hide as escapes, keeping newlines and tabs', () => {
    const hostile = '\u001b[31mRED\u001b[0m \u001b]8;;http://evil.example/\u0007LINK\u001b]0;TITLE\u0007 \u0000\b';
    const safe = agentSafe(hostile);
    // eslint-disable-next-line no-control-regex -- control characters are what must not remain
    expect(safe).not.toMatch(/[\u0000-\u0008\u001b\u007f-\u009f]/);
    expect(safe).toContain('\\u001b[31mRED');
    expect(agentSafe('line one\n\tline two')).toBe('line one\n\tline two');
  });

  it('shows bidi overrides and zero-width characters, so a title cannot read as another', () => {
    expect(agentSafe('read_file\u202Eelif_daer')).toBe('read_file\\u202eelif_daer');
    expect(agentSafe('zw\u200btool')).toBe('zw\\u200btool');
  });

  it('keeps a joiner or non-joiner within a word of a script written with them, and shows it elsewhere', () => {
    expect(agentSafe('ابزار نامه\u200cها')).toBe('ابزار نامه\u200cها');
    expect(agentSafe('क्\u200dष')).toBe('क्\u200dष');
    expect(agentSafe('pay\u200cpal')).toBe('pay\\u200cpal');
    expect(agentSafe('نامه\u200c\u200cها')).toBe('نامه\\u200c\\u200cها');
  });

  it('cuts a run of combining marks, keeping the few that scripts use', () => {
    expect(agentSafe(`a${'\u0301'.repeat(300)}b`)).toBe(`a${'\u0301'.repeat(MAX_MARKS)}b`);
    expect(agentSafe('Việt Nam')).toBe('Việt Nam');
    expect(agentSafe('हिन्दी')).toBe('हिन्दी');
  });

  it('leaves plain text as it is', () => {
    expect(agentSafe('Search issues in a repository')).toBe('Search issues in a repository');
  });
});
