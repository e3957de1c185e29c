import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../shared/text';
import { redactedOutput, table, type Output } from './output';

describe('redactedOutput', () => {
  it('shows a ${secret:…} reference as typed and hides a value in the same place', () => {
    const lines: string[] = [];
    const output = redactedOutput({ out: (line) => lines.push(line), err: (line) => lines.push(line) } satisfies Output);
    output.err("  hint: give --header 'Authorization: Bearer ${secret:GH_TOKEN}' (in single quotes)");
    output.err("  hint: give --env 'GITHUB_TOKEN=${secret:GH_GITHUB_TOKEN}'");
    output.out('Authorization: Bearer sk-live-4f1c9a0b7e2d');
    output.out('GITHUB_TOKEN=ghp_4f1c9a0b7e2d ${secret:X}');
    expect(lines).toEqual([
      "  hint: give --header 'Authorization: Bearer ${secret:GH_TOKEN}' (in single quotes)",
      "  hint: give --env 'GITHUB_TOKEN=${secret:GH_GITHUB_TOKEN}'",
      'Authorization: [redacted]',
      'GITHUB_TOKEN=[redacted] ${secret:X}',
    ]);
  });
});

describe('table', () => {
  it('pads wide characters (CJK, emoji) by the two columns a terminal gives each', () => {
    const lines = table([
      ['NAME', 'STATE'],
      ['日本語', 'ready'],
      ['🚀x', 'stopped'],
      ['plain', 'ready'],
    ]);
    expect(lines).toEqual(['NAME    STATE', '日本語  ready', '🚀x     stopped', 'plain   ready']);
  });

  it('pads a name with hidden characters by its escaped text, so the columns after it stay under their header', () => {
    const lines = table([
      ['NAME', 'STATE', 'TOOLS'],
      ['a\u001b]0;x\u0007', 'ready', '3'],
      ['b\u202ec', 'stopped', '0'],
    ]).map((line) => terminalSafe(line));
    const column = (line: string, word: string): number => line.indexOf(word);
    expect(lines[1]).toContain('a\\u001b]0;x\\u0007');
    expect(column(lines[1] ?? '', 'ready')).toBe(column(lines[0] ?? '', 'STATE'));
    expect(column(lines[2] ?? '', 'stopped')).toBe(column(lines[0] ?? '', 'STATE'));
    expect(column(lines[1] ?? '', '3')).toBe(column(lines[0] ?? '', 'TOOLS'));
  });
});
