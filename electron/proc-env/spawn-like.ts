import type { ChildProcess, SpawnOptions } from 'node:child_process';

/**
 * How a module starts a child process: node's `spawn`, or a fake in tests. The pool narrows it to
 * piped stdio (`SpawnLike<SpawnOptionsWithoutStdio, ChildProcessWithoutNullStreams>`); a browser
 * opener takes any stdio.
 */
export type SpawnLike<Options = SpawnOptions, Child = ChildProcess> = (command: string, args: readonly string[], options: Options) => Child;
