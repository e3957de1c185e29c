import { describe, expect, it } from 'vitest';
import { DescriptionSchema, MAX_DESCRIPTION_CHARS } from './description';
import { StdioServerSchema } from './schema';

describe('a server description', () => {
  it('refuses an escape, DEL, C1 and other C0 controls, saying so', () => {
    for (const text of ['x\u001b[31mred', 'del\u007f', 'c1\u009b31m', 'nul\u0000']) {
      const parsed = DescriptionSchema.safeParse(text);
      expect(parsed.success, JSON.stringify(text)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain('may not hold a control character');
    }
    const entry = StdioServerSchema.safeParse({ command: 'node', args: ['x'], description: 'line1\nline2\u001b[31mred' });
    expect(entry.success).toBe(false);
  });

  it('takes plain text, other languages, and a hand-written entry\'s tab or line break, up to its bound', () => {
    for (const text of ['line1\nline2', 'a\tb', 'crlf\r\n', 'Notes for the team', 'Notizen – ä ö ü', '日本語のメモ', 'x'.repeat(MAX_DESCRIPTION_CHARS)]) expect(DescriptionSchema.safeParse(text).success, text).toBe(true);
    expect(DescriptionSchema.safeParse('x'.repeat(MAX_DESCRIPTION_CHARS + 1)).error?.issues[0]?.message).toContain('at most 500 characters');
  });
});
