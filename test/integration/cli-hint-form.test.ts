import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// Every hint the command line prints has one form, whichever layer wrote it: "  hint: " and a
// sentence that starts with a capital (the unit test electron/cli/hint-form.test.ts walks our own).
const BAD_INPUTS: string[][] = [
  ['statsu'],
  ['servers', 'add', 'x', '--header', 'Authorization'],
  ['servers', 'add', 'x', '--env', 'TOKEN'],
  ['servers', 'add', 'x', '--url', 'notes.example.com'],
  ['servers', 'add', 'x', '--yes', '--url', 'https://mcp.example.com/mcp'],
  ['servers', 'stop'],
  ['servers', 'restart'],
  ['secrets', 'set', 'bad name'],
  ['agents', 'add', 'x', '--policy', 'read=alow'],
  ['agents', 'add', 'x', '--tool', 'echo=allow'],
  ['agents', 'add', 'x', '--for', 'curser'],
  ['agents', 'connect', 'nobody', '--client', 'cursor', '--dry-run'],
  ['agents', 'add', 'twice'],
  ['bridge', 'headers'],
  ['call', 'nosuch', 'echo', '{}'],
  ['tools', 'nosuch'],
  ['connect', 'nosuch'],
  ['call', 'x', 'y', '--timeout', '1e99'],
];

describe('the form of every hint the CLI prints for bad input', () => {
  it('is "  hint: " and a capital, for each of a set of wrong commands', async () => {
    const home = tempHome('cs-hint-form-');
    expect((await runCli(home, ['agents', 'add', 'twice'])).code).toBe(0);
    const seen: string[] = [];
    for (const args of BAD_INPUTS) {
      const result = await runCli(home, args);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).not.toBe(0);
      const hints = result.stderr.split('\n').filter((line) => /hint:/i.test(line));
      expect(hints.length, `${args.join(' ')} printed no hint: ${result.stderr}`).toBeGreaterThan(0);
      for (const hint of hints) {
        seen.push(hint);
        expect(hint, args.join(' ')).toMatch(/^ {2}hint: [^a-z]/);
      }
    }
    // A hint a lower layer writes with a small letter (the agents' store) is printed in the same form.
    expect(seen).toContain('  hint: Choose another name, or run `connected-services agents rotate "twice"` for a new token');
  }, 120_000);

  // `--json` carries the hint a person reads, worded once (shared/errors), not the lower layer's raw text.
  it('is the same sentence under --json, a lower layer\'s hint too', async () => {
    const home = tempHome('cs-hint-json-');
    expect((await runCli(home, ['agents', 'add', 'twice'])).code).toBe(0);
    for (const args of [['agents', 'add', 'twice'], ['agents', 'add', 'x', '--policy', 'read=alow'], ['tools', 'nosuch'], ['statsu']]) {
      const human = await runCli(home, args);
      const json = await runCli(home, [...args, '--json']);
      expect(json.code, args.join(' ')).toBe(human.code);
      const wire = JSON.parse(json.stderr) as { error: { code: string; message: string; hint?: string } };
      expect(Object.keys(wire.error).filter((key) => !['code', 'message', 'hint', 'data'].includes(key)), args.join(' ')).toEqual([]);
      expect(`  hint: ${wire.error.hint ?? ''}`, args.join(' ')).toBe(human.stderr.split('\n').find((line) => line.startsWith('  hint: ')));
    }
  }, 120_000);
});
