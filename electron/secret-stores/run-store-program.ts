import { isUtf8 } from 'node:buffer';
import { spawn as nodeSpawn, type ChildProcessWithoutNullStreams, type SpawnOptionsWithoutStdio } from 'node:child_process';
import type { CoreEnv } from '../../shared/core-env';
import { CmdPercentError, commandLauncher, endRun, keepRecorded, newRunMark, RUN_MARK_VAR, RunWatch, type CrossSpawnParts, type RunRecords, type SpawnLike } from '../proc-env';
import { programName, storeUnavailable } from './secret-store';

export type StoreSpawn = SpawnLike<SpawnOptionsWithoutStdio, ChildProcessWithoutNullStreams>;

/** What every store that runs a program is given: its name, the core's `env` (its program's is picked from it), a spawn for tests. */
export interface StoreProgramOptions extends Pick<CoreEnv, 'env'> {
  name: string;
  spawn?: StoreSpawn | undefined;
  /** Where its program's runs are recorded while they run (Linux), so a start after a crash stops them. */
  runs?: RunRecords | undefined;
}

export const DEFAULT_STORE_TIMEOUT_MS = 15_000;
/** A secret is short; a program that prints more than this is not printing one. */
export const MAX_STORE_OUTPUT = 1024 * 1024;
const MAX_STDERR = 16 * 1024;
/** After the program exits and what it started is stopped, how long its pipes may stay open (held by one not provably of the run) before the answer is taken as it is. */
const DRAIN_MS = 1000;

export interface ProgramResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Whether stdout was UTF-8 text (else its string holds replacement characters). */
  utf8: boolean;
}

export interface RunOptions {
  store: string;
  env: Record<string, string>;
  /** Written to the program's stdin, then closed (a password, a value to store). */
  input?: string | undefined;
  timeoutMs?: number | undefined;
  spawn?: StoreSpawn | undefined;
  /** Where the run is recorded while it runs (Linux); none: not recorded. */
  runs?: RunRecords | undefined;
  /** Whose way of starting and stopping a program applies (tests of a stand-in child give win32: it alone is signalled). */
  platform?: NodeJS.Platform | undefined;
  /** Windows: cross-spawn's parse (a seam for tests); default the one installed. */
  crossSpawn?: CrossSpawnParts | undefined;
  /** The program a person knows the run as, when `command` only starts it (`sh -c 'exec secret-tool …'`). */
  program?: string | undefined;
  /** When the operation this run is one step of began (Date.now()): its steps share one `timeoutMs`. */
  since?: number | undefined;
}

/** Store runs still being ended: a process that exits first would leave them to the next start's sweep. */
const endings = new Set<Promise<unknown>>();

/** Resolves once every store run this process began ending has ended (the core's close waits on it). */
export async function storeRunsEnded(): Promise<void> {
  while (endings.size > 0) await Promise.all([...endings]);
}

/**
 * Runs a store's program without a shell (argv as given; on Windows as a stdio server's, so a .cmd
 * such as npm's `bw` starts: proc-env's commandLauncher), its stdin fed and closed, its output
 * bounded, settled on its own exit (what it started is stopped with it), and killed past its time. A program that is not installed, hangs (waiting for an unlock
 * prompt no one sees) or floods is the store's error (auth_required), never a crash.
 */
export function runStoreProgram(command: string, args: readonly string[], options: RunOptions): Promise<ProgramResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  const timedOut = () => didNotAnswer(options.store, timeoutMs, options.program ?? command);
  const left = options.since === undefined ? timeoutMs : options.since + timeoutMs - Date.now();
  if (left <= 0) return Promise.reject(timedOut());
  const platform = options.platform ?? process.platform;
  const spawn: StoreSpawn = commandLauncher(platform, options.spawn ?? nodeSpawn, options.crossSpawn);
  // Linux: what the program starts carries this mark, so one that left the process group is found too (run-mark.ts).
  const mark = platform === 'linux' ? newRunMark() : undefined;
  const env = mark === undefined ? options.env : { ...options.env, [RUN_MARK_VAR]: mark };
  return new Promise((resolve, reject) => {
    let child: ChildProcessWithoutNullStreams;
    try {
      // Its own process group (POSIX), so a program it starts (pass runs gpg, gpg a pinentry) is stopped with it.
      child = spawn(command, args, { env, shell: false, windowsHide: true, detached: platform !== 'win32' });
    } catch (error) {
      reject(notStarted(options.store, command, error));
      return;
    }
    // In the spawn's turn (run-watch.ts): what the program starts is found by the same rule as a stdio server's.
    const watch = mark !== undefined && child.pid !== undefined ? RunWatch.of(child.pid, mark) : undefined;
    const runs = watch !== undefined && mark !== undefined ? options.runs : undefined;
    // Recorded as a server's run is, so that a start after a crash stops what it left (pool/leftover-runs.ts).
    // A failed write costs only that: the answer never waits on its record.
    if (watch !== undefined && runs !== undefined && mark !== undefined) keepRecorded(watch, runs, { name: options.store, mark, kind: 'store' }, () => undefined);
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let settled = false;
    let drain: NodeJS.Timeout | undefined;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      watch?.close();
      clearTimeout(timer);
      clearTimeout(drain);
      finish();
    };
    // What is left of the run, as proc-env's endRun finds it; its daemons (gpg-agent) are the person's
    // tools' and are kept (docs/configuration.md, "Child processes"). Once: a second call would find nothing more.
    let ending: Promise<unknown> | undefined;
    const stopAll = (): void => {
      if (ending !== undefined) return;
      const ended: Promise<unknown> = endRun(child, watch, { graceMs: 0, platform, daemons: 'keep' })
        .catch(() => undefined)
        .then(() => (runs !== undefined && mark !== undefined ? runs.end(mark) : undefined))
        .catch(() => undefined)
        .finally(() => endings.delete(ended));
      ending = ended;
      endings.add(ended);
    };
    // Settled at once: 'close' would wait for every copy of the pipes, which a left-over grandchild may hold.
    const stop = (error: Error): void => {
      settle(() => reject(error));
      stopAll();
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const timer = setTimeout(() => stop(timedOut()), left);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_STORE_OUTPUT) stop(storeUnavailable(options.store, `printed more than ${MAX_STORE_OUTPUT} bytes, which is no one secret`, `Check the command or path of the store.`));
      else out.push(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk.slice(0, MAX_STDERR - stderr.length);
    });
    const done = (code: number | null): void =>
      settle(() => {
        const bytes = Buffer.concat(out);
        resolve({ code, stdout: bytes.toString('utf8'), stderr, utf8: isUtf8(bytes) });
      });
    child.on('error', (error) => settle(() => reject(notStarted(options.store, command, error))));
    child.on('close', done);
    // The program's own exit settles it: what it started is stopped, which closes the pipes they held
    // ('close' then follows with all the program printed); if one not provably of the run still holds them, after the drain.
    child.on('exit', (code) => {
      if (settled) return;
      stopAll();
      clearTimeout(timer);
      drain = setTimeout(() => {
        done(code);
        child.stdout.destroy();
        child.stderr.destroy();
      }, DRAIN_MS);
    });
    // A program that never reads its stdin must not fail us with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** The store's program ran past its time; `program` is named by its file name, as agents may read it. */
export function didNotAnswer(store: string, timeoutMs: number, program: string): Error {
  const error = storeUnavailable(store, `did not answer within ${Math.round(timeoutMs / 1000)} s (${programName(program)} may be waiting to be unlocked)`, `Unlock it, then try again; or raise "timeoutMs" of the store in settings.secretStores.`);
  noAnswers.add(error);
  return error;
}

const noAnswers = new WeakSet<Error>();

/** Whether an error is a store's program running past its time (`didNotAnswer`). */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof Error && noAnswers.has(error);
}

function notStarted(store: string, command: string, error: unknown): Error {
  if (error instanceof CmdPercentError) {
    // The value is not shown: an argument may hold a secret's path or an account.
    const where = error.argIndex === undefined ? 'its command' : `its args[${error.argIndex}]`;
    return storeUnavailable(store, `could not start "${command}": ${where} holds "%", and ${programName(command)} runs through cmd.exe, which would expand it as an environment variable`, `Make "command" of the store in settings.secretStores the program's .exe (or its script run by its interpreter, e.g. node) instead of the .cmd/.bat, or take the % out of its args or of the secret's path.`);
  }
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return storeUnavailable(store, `needs the program "${command}", which is not installed (or not on PATH)`, `Install ${command}, or fix "command" of the store in settings.secretStores.`);
  return storeUnavailable(store, `could not start "${command}" (${typeof code === 'string' ? code : 'error'})`, `Check that ${command} can run.`);
}
