import { describe, expect, it } from 'vitest';
import { redactedOutput, type Output } from './output';

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
