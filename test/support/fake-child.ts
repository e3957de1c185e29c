import { EventEmitter } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { SpawnLike } from '../../electron/pool/stdio-transport';

/** A stand-in child process: streams we can write to, and kill() that "exits". */
export class FakeChild extends EventEmitter {
  stdin: Writable = new PassThrough();
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly pid = 4242;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  readonly signals: string[] = [];

  kill(signal: NodeJS.Signals): boolean {
    this.signals.push(signal);
    this.exit(null, signal);
    return true;
  }

  exit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.exitCode !== null || this.signalCode !== null) return;
    this.exitCode = code;
    this.signalCode = signal;
    this.emit('exit', code, signal);
    this.emit('close', code, signal);
  }
}

/** A SpawnLike that hands out `child` (it "spawns" a turn later). */
export function spawnOf(child: FakeChild, spawned: { command: string; args: readonly string[]; env: unknown; detached: unknown }[] = []): SpawnLike {
  return (command, args, spawnOptions) => {
    spawned.push({ command, args, env: spawnOptions.env, detached: spawnOptions.detached });
    setImmediate(() => child.emit('spawn'));
    return child as unknown as ChildProcessWithoutNullStreams;
  };
}
