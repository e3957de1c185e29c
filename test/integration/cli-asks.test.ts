import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASKING_SERVER, ROOT } from '../fixtures/servers/config';
import { CLI, runCli, tempHome } from '../support/cli';
import { tsEntry } from '../support/ts-entry';

/** The real CLI on a pseudo-terminal (util-linux `script`), typing `keys` line by line as a person would. */
function onTerminal(home: string, args: string[], lines: string[]): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, CLI, '--home', home, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], cwd: ROOT });
    let output = '';
    // What came since the last line typed: a prompt ends with ": ", answered once.
    let since = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString('utf8');
      since += c.toString('utf8');
      if (lines.length > 0 && /\S: $/.test(since.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, "g"), ""))) {
        since = '';
        child.stdin.write(`${lines.shift() ?? ''}\n`);
      }
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no end on the terminal: ${output}`));
    }, 25_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('call, when the server asks back', () => {
  let home: string;
  beforeAll(async () => {
    home = tempHome();
    expect((await runCli(home, ['servers', 'add', 'asking', '--cwd', ROOT, '--', process.execPath, ...tsEntry(ASKING_SERVER)])).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'asking'])).code).toBe(0);
  }, 60_000);

  it('without a terminal: declined, and said so', async () => {
    const run = await runCli(home, ['call', 'asking', 'ask-defaults']);
    expect(run.stdout.trim()).toBe('action: decline');
    expect(run.stderr).toContain('no terminal to ask on');
  });

  it('on a terminal: asks each field; Enter keeps the defaults the server sent', async () => {
    const run = await onTerminal(home, ['call', 'asking', 'ask-defaults'], ['', '', '', '', '']);
    expect(run.output).toContain('Title [It was a dark and stormy night.]:');
    expect(run.output).toContain('Colour (red/blue/green) [blue]:');
    expect(run.output).toContain('defaults ok');
  });
});
