import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunKind, RunRecords } from '../proc-env';
import { runStoreProgram } from './run-store-program';

// Real programs that start one of their own, as pass starts gpg and gpg a pinentry.
const FORKS = '$1 & echo $! > "$2"; wait';
// The shell answers and exits at once, what it started still holding its stdout and stderr.
const LEAVES = '$1 & echo $! > "$2"; echo value; echo note >&2';
// As LEAVES, with what it starts in a session of its own: the shell answers only once that one has
// left its process group (it writes its pid from there), so the group's kill cannot come first.
const LEAVES_GROUP = 'setsid sh -c \'echo $$ > "$1"; exec sleep 600\' sh "$2" & while [ ! -s "$2" ]; do sleep 0.05; done; echo value; echo note >&2';
// As LEAVES_GROUP, the one it starts closing its output first, as a daemon does (gpg-agent): it is meant to outlive the run.
const DAEMON = 'setsid sh -c \'exec >/dev/null 2>&1; echo $$ > "$1"; exec sleep 600\' sh "$2" & while [ ! -s "$2" ]; do sleep 0.05; done; echo value';
// As LEAVES_GROUP, the program itself never answering: its time limit stops both.
const HANGS_LEFT_GROUP = 'setsid sh -c \'echo $$ > "$1"; exec sleep 600\' sh "$2" & while [ ! -s "$2" ]; do sleep 0.05; done; exec sleep 600';
const started: number[] = [];
let folder: string | undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A killed process waits as a zombie until init reaps it, which may take a while here: it is gone.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** Runs `program` inside a shell (`script`: $1 the program, $2 the file for its pid); gives the result or error and the program's pid. */
async function runForking(program: string, timeoutMs: number, script = FORKS): Promise<{ result: unknown; error: unknown; pid: number }> {
  folder = mkdtempSync(join(tmpdir(), 'cs-store-group-'));
  const pidFile = join(folder, 'pid');
  const { result, error } = await runStoreProgram('sh', ['-c', script, 'sh', program, pidFile], { store: 'pass', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, timeoutMs }).then(
    (value) => ({ result: value, error: undefined }),
    (e: unknown) => ({ result: undefined, error: e }),
  );
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  started.push(pid);
  return { result, error, pid };
}

async function gone(pid: number): Promise<boolean> {
  // The kernel reaps a killed process a moment later; bounded, not timed.
  for (let i = 0; i < 200 && alive(pid); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  return !alive(pid);
}

afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('runStoreProgram with a program that starts another', () => {
  it('settles at its time limit although the started one still holds the output, and stops it', async () => {
    const { error, pid } = await runForking('sleep 60', 3000);
    expect(error).toMatchObject({ code: 'auth_required', message: expect.stringContaining('did not answer within') as unknown });
    expect(await gone(pid)).toBe(true);
  }, 30_000);

  it('stops the started one when it floods past the output cap', async () => {
    const { error, pid } = await runForking('yes', 60_000);
    expect(error).toMatchObject({ code: 'auth_required', message: expect.stringContaining('no one secret') as unknown });
    expect(await gone(pid)).toBe(true);
  }, 30_000);

  // A time limit of ten minutes: without settling on the program's own exit the test times out.
  it('settles on the program\'s own exit with what it printed, and stops what it started that still holds the pipes', async () => {
    const { result, pid } = await runForking('sleep 600', 600_000, LEAVES);
    expect(result).toEqual({ code: 0, stdout: 'value\n', stderr: 'note\n', utf8: true });
    expect(await gone(pid)).toBe(true);
  }, 30_000);

  // setsid is util-linux's. Without the run's mark it was left running, holding the pipes.
  it.skipIf(process.platform !== 'linux')('settles after a short drain when what it started left its process group and holds the pipes, and kills that one', async () => {
    const { result, pid } = await runForking('', 600_000, LEAVES_GROUP);
    expect(result).toEqual({ code: 0, stdout: 'value\n', stderr: 'note\n', utf8: true });
    expect(await gone(pid)).toBe(true);
  }, 30_000);

  it.skipIf(process.platform !== 'linux')('kills one that left the process group at the time limit too', async () => {
    const { error, pid } = await runForking('', 3000, HANGS_LEFT_GROUP);
    expect(error).toMatchObject({ code: 'auth_required', message: expect.stringContaining('did not answer within') as unknown });
    expect(await gone(pid)).toBe(true);
  }, 30_000);

  it.skipIf(process.platform !== 'linux')('leaves running one that left the group and closed its output (a daemon such as gpg-agent)', async () => {
    const { result, pid } = await runForking('', 600_000, DAEMON);
    expect(result).toEqual({ code: 0, stdout: 'value\n', stderr: '', utf8: true });
    expect(alive(pid)).toBe(true);
  }, 30_000);

  it.skipIf(process.platform !== 'linux')('records its run while it runs (its program first) and removes the record once all of it is stopped', async () => {
    const written: { name: string; mark: string; pids: number[]; kind: RunKind | undefined }[] = [];
    let ended: (mark: string) => void = () => undefined;
    const end = new Promise<string>((resolve) => (ended = resolve));
    const runs: RunRecords = {
      record: (name, mark, members, kind) => {
        written.push({ name, mark, pids: members.map((m) => m.pid), kind });
        return Promise.resolve();
      },
      end: (mark) => {
        ended(mark);
        return Promise.resolve();
      },
    };
    folder = mkdtempSync(join(tmpdir(), 'cs-store-group-'));
    const result = await runStoreProgram('sh', ['-c', 'echo $$ > "$1"; echo value', 'sh', join(folder, 'pid')], { store: 'pass', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, runs });
    expect(result).toMatchObject({ code: 0, stdout: 'value\n' });
    const mark = await end;
    expect(written[0]).toEqual({ name: 'pass', mark, pids: [Number(readFileSync(join(folder, 'pid'), 'utf8').trim())], kind: 'store' });
  }, 30_000);
});
