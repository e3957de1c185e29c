import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, tempHome } from '../support/cli';

// A pipe holds 64 KiB. Output past that used to be dropped when the command exited before its
// reader caught up (`connected-services tools --json | jq` on several servers).
const MESSAGE = 'a'.repeat(120_000);

function run(home: string, args: string[]) {
  return spawn(process.execPath, [CLI, '--home', home, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('output through a pipe', () => {
  it('reaches a slow reader whole', async () => {
    // A real pipe (a socket pair, what Node would make, holds far more): `… | (sleep 2; cat)`.
    const script = '{ "$0" "$1" --home "$2" call everything echo "$3"; echo "exit $?" >&2; } | (sleep 2; exec cat)';
    const child = spawn('sh', ['-c', script, process.execPath, CLI, tempHome('cs-pipe-'), JSON.stringify({ message: MESSAGE })], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    await new Promise((resolve) => child.once('close', resolve));
    expect(stderr).toBe('exit 0\n');
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`Echo: ${MESSAGE}\n`);
  }, 60_000);

  it('a reader that stops early (`| head`) ends it quietly, exit 0', async () => {
    const child = run(tempHome('cs-pipe-head-'), ['call', 'everything', 'echo', JSON.stringify({ message: MESSAGE })]);
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const first = await new Promise<Buffer>((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(first.toString('utf8')).toMatch(/^Echo: a/);
    expect(code).toBe(0);
    expect(stderr).toBe('');
  }, 60_000);
});
