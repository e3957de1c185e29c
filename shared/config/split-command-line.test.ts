import { describe, expect, it } from 'vitest';
import { CodedError } from '../errors';
import { looksLikeCommandLine, MAX_COMMAND_LINE_CHARS, splitCommandLine } from './split-command-line';

function fails(text: string): CodedError {
  try {
    splitCommandLine(text);
  } catch (error) {
    if (error instanceof CodedError) return error;
    throw error;
  }
  throw new Error(`"${text}" was accepted`);
}

describe('splitCommandLine: shell rules without a shell', () => {
  it('splits words on blanks, tabs and newlines', () => {
    expect(splitCommandLine('npx -y pkg /tmp')).toEqual({ command: 'npx', args: ['-y', 'pkg', '/tmp'], env: {}, warnings: [] });
    expect(splitCommandLine('  node\tserver.js \n --port  3 ')).toMatchObject({ command: 'node', args: ['server.js', '--port', '3'] });
  });

  it('keeps single-quoted text literal, backslashes and double quotes included', () => {
    expect(splitCommandLine(`run 'a b' 'c\\d' 'say "hi"' ''`).args).toEqual(['a b', 'c\\d', 'say "hi"', '']);
  });

  it('lets a backslash inside double quotes escape only $ ` " \\ and newline', () => {
    expect(splitCommandLine('run "a \\"b\\" \\\\ \\n \\$x"').args).toEqual(['a "b" \\ \\n $x']);
    expect(splitCommandLine('run "one\\\ntwo"').args).toEqual(['onetwo']);
  });

  it('takes a backslash outside quotes as escaping the next character, and backslash-newline as a continuation', () => {
    expect(splitCommandLine('run a\\ b \\"c\\" d\\\\e').args).toEqual(['a b', '"c"', 'd\\e']);
    expect(splitCommandLine('npx -y \\\n  pkg').args).toEqual(['-y', 'pkg']);
  });

  it('joins adjacent quoted and unquoted parts into one word', () => {
    expect(splitCommandLine(`run --dir="/my docs"/'x y' pre"mid"post`).args).toEqual(['--dir=/my docs/x y', 'premidpost']);
  });

  it('reads leading NAME=value words as environment, quoted values too', () => {
    expect(splitCommandLine(`FOO=bar API_URL='https://x.example/a b' cmd --x=1 LATER=2`)).toEqual({
      command: 'cmd',
      args: ['--x=1', 'LATER=2'],
      env: { FOO: 'bar', API_URL: 'https://x.example/a b' },
      warnings: [],
    });
    expect(splitCommandLine('EMPTY= cmd').env).toEqual({ EMPTY: '' });
  });

  it('does not take a quoted name or an invalid name as an assignment', () => {
    expect(splitCommandLine(`'FOO=bar' cmd`)).toMatchObject({ command: 'FOO=bar', args: ['cmd'], env: {} });
    expect(splitCommandLine('1X=2 cmd')).toMatchObject({ command: '1X=2', env: {} });
  });

  it('reads `env NAME=value cmd` and the `cd DIR && …` form our command lines are shown in', () => {
    expect(splitCommandLine('env A=1 B=2 node s.js')).toMatchObject({ command: 'node', args: ['s.js'], env: { A: '1', B: '2' } });
    expect(splitCommandLine(`cd '/srv/my app' && LOG=debug node server.js`)).toEqual({
      command: 'node',
      args: ['server.js'],
      env: { LOG: 'debug' },
      cwd: '/srv/my app',
      warnings: [],
    });
    expect(splitCommandLine('env')).toMatchObject({ command: 'env', args: [] });
  });

  it('skips a comment that starts a word, not a # inside one', () => {
    expect(splitCommandLine('cmd a#b # the rest\n')).toMatchObject({ command: 'cmd', args: ['a#b'] });
  });

  it('expands nothing, and says so', () => {
    const split = splitCommandLine('node $HOME/s.js ~/x "`date`" "${PATH}"');
    expect(split.args).toEqual(['$HOME/s.js', '~/x', '`date`', '${PATH}']);
    expect(split.warnings).toHaveLength(1);
    expect(split.warnings[0]).toMatch(/not expanded.*\$\{env:NAME\}/);
    expect(splitCommandLine(`node '$HOME'`).warnings).toEqual([]);
    expect(splitCommandLine('node a~b').warnings).toEqual([]);
  });

  it('refuses what needs a shell: pipes, lists, redirections, subshells', () => {
    for (const line of ['a | b', 'a && b', 'a; b', 'a > f', 'a < f', 'a & ', '(a)', 'a || b']) {
      const error = fails(line);
      expect(error.code, line).toBe('invalid_input');
      expect(error.message).toMatch(/needs a shell/);
      expect(error.hint).toBeDefined();
    }
    // Quoted, they are plain characters.
    expect(splitCommandLine(`grep 'a|b' "c;d" e\\>f`).args).toEqual(['a|b', 'c;d', 'e>f']);
  });

  it('refuses unclosed quotes, nothing to run, and input past the bounds', () => {
    expect(fails(`node 'abc`).message).toMatch(/single quote/);
    expect(fails('node "abc').message).toMatch(/double quote/);
    expect(fails('   ').message).toMatch(/no command/);
    expect(fails('FOO=1 BAR=2').message).toMatch(/no command/);
    expect(fails('# only a comment').message).toMatch(/no command/);
    expect(fails('x'.repeat(MAX_COMMAND_LINE_CHARS + 1)).message).toMatch(/longer than/);
    expect(fails(`cmd ${'a '.repeat(1001)}`).message).toMatch(/more than 1000 words/);
  });

  it('takes a trailing lone backslash as nothing', () => {
    expect(splitCommandLine('cmd a\\').args).toEqual(['a']);
  });
});

describe('looksLikeCommandLine', () => {
  it('tells a whole command line from a single program name', () => {
    expect(looksLikeCommandLine('npx -y pkg /tmp')).toBe(true);
    expect(looksLikeCommandLine('FOO=1 node')).toBe(true);
    expect(looksLikeCommandLine(`'/opt/My App/bin/server'`)).toBe(true);
    expect(looksLikeCommandLine('npx')).toBe(false);
    expect(looksLikeCommandLine('/usr/bin/node')).toBe(false);
    expect(looksLikeCommandLine('a | b')).toBe(false);
  });
});
