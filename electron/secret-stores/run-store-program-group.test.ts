import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runStoreProgram } from './run-store-program';

// Real programs that start one of their own, as pass starts gpg and gpg a pinentry (review of session 26).
const FORKS = '$1 & echo $! > "$2"; wait';
const started: number[] = [];
let folder: string | undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `program` inside a shell that waits for it; gives the result and the program's pid. */
async function runForking(program: string, timeoutMs: number): Promise<{ error: unknown; pid: number }> {
  folder = mkdtempSync(join(tmpdir(), 'cs-store-group-'));
  const pidFile = join(folder, 'pid');
  const error = await runStoreProgram('sh', ['-c', FORKS, 'sh', program, pidFile], { store: 'pass', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, timeoutMs }).then(
    () => undefined,
    (e: unknown) => e,
  );
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  started.push(pid);
  return { error, pid };
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
});
