import { describe, expect, it } from 'vitest';
import { logLine } from './log-line';

describe('the desktop log line', () => {
  it("shows a server's escape sequences and hidden characters as text, and redacts secrets", () => {
    const line = logLine('[evil] stderr: \u001b]52;c;cm0gLXJmIH4=\u0007 wipe\u200beverything Authorization: Bearer abcdefghijklmnop');
    expect(line).toContain('\\u001b]52;c;cm0gLXJmIH4=\\u0007');
    expect(line).toContain('wipe\\u200beverything');
    expect(line).not.toContain('abcdefghijklmnop');
    expect(line.startsWith('[connected-services] [evil]')).toBe(true);
  });
});
