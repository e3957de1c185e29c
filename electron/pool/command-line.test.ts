import { describe, expect, it } from 'vitest';
import { commandLineOf, shellQuote } from './command-line';

describe('commandLineOf', () => {
  it('leaves plain words alone and quotes the rest', () => {
    expect(commandLineOf({ command: 'npx', args: ['-y', '@scope/server@1.2.3', '--port=8080', 'a,b'] })).toBe(
      'npx -y @scope/server@1.2.3 --port=8080 a,b',
    );
    expect(commandLineOf({ command: '/opt/my tools/run', args: ['it\'s', '', '$HOME', 'a;b', '*'] })).toBe(
      `'/opt/my tools/run' 'it'\\''s' '' '$HOME' 'a;b' '*'`,
    );
  });

  it('never truncates', () => {
    const long = 'x'.repeat(5000);
    expect(commandLineOf({ command: 'node', args: [long] })).toBe(`node ${long}`);
  });

  it('shows invisible and control characters escaped, so the prompt cannot hide part of the command', () => {
    expect(shellQuote('a\nb')).toBe(`$'a\\nb'`);
    expect(shellQuote('safe\u202Eexe.txt')).toBe(`$'safe\\u202eexe.txt'`);
    expect(shellQuote("x'\\\u0000")).toBe(`$'x\\'\\\\\\u0000'`);
    expect(commandLineOf({ command: 'node' })).toBe('node');
  });

  it('leads with the code-loading variables the entry sets, and only those', () => {
    expect(commandLineOf({ command: 'node', args: ['index.js'], env: { API_TOKEN: 'secret', NODE_OPTIONS: '--require /tmp/evil.js', LD_PRELOAD: '/tmp/a.so' } })).toBe(
      "LD_PRELOAD=/tmp/a.so NODE_OPTIONS='--require /tmp/evil.js' node index.js",
    );
    expect(commandLineOf({ command: 'node', args: ['index.js'], env: { API_TOKEN: 'secret' } })).toBe('node index.js');
  });

  it('says in which folder it runs, when the entry sets one', () => {
    expect(commandLineOf({ command: 'node', args: ['index.js'], cwd: '/home/me/my project' })).toBe("cd '/home/me/my project' && node index.js");
  });
});
