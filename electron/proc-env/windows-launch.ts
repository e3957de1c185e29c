import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import type { SpawnLike } from './spawn-like';

/** What cross-spawn's parse makes of a command: the program Node is to run, and how. */
export interface ParsedCommand {
  command: string;
  args: string[];
  options: SpawnOptions;
  /** The program found on PATH (PATHEXT applied); undefined: none. */
  file?: string | undefined;
  original: { command: string; args: string[] };
}

/** cross-spawn's parse: the part of its spawn() (its index.js) before Node's spawn, taken apart to check what it made. */
export interface CrossSpawnParts {
  parse(command: string, args: readonly string[], options: SpawnOptions): ParsedCommand;
}

interface CrossSpawnModule {
  _parse: CrossSpawnParts['parse'];
}

const require = createRequire(import.meta.url);
let loaded: CrossSpawnParts | undefined;

/** Loaded on Windows only: elsewhere nothing of it is used. */
function crossSpawn(): CrossSpawnParts {
  if (loaded === undefined) {
    const module = require('cross-spawn') as CrossSpawnModule;
    loaded = { parse: module._parse };
  }
  return loaded;
}

/**
 * cmd.exe expands `%NAME%` in its command line before it reads quotes, and escaping `%` there does
 * not hold in every case (BatBadBut, CVE-2024-27980): a program run through it could be handed
 * something other than the arguments the person approved, so it is not run at all.
 */
export class CmdPercentError extends Error {
  /** The index in args of the argument that holds `%`; undefined: the command itself. */
  readonly argIndex: number | undefined;

  constructor(argIndex: number | undefined) {
    super(`${argIndex === undefined ? 'the command' : `args[${argIndex}]`} holds "%", which cmd.exe would expand`);
    this.name = 'CmdPercentError';
    this.argIndex = argIndex;
  }
}

function refusePercent(command: string, args: readonly string[]): void {
  if (command.includes('%')) throw new CmdPercentError(undefined);
  const at = args.findIndex((arg) => arg.includes('%'));
  if (at >= 0) throw new CmdPercentError(at);
}

/**
 * How a configured command is started. On Windows as the MCP SDK's StdioClientTransport does, with
 * cross-spawn: PATHEXT finds `npx.cmd` for `npx` (Node's spawn never does), and a .cmd/.bat runs
 * through `cmd.exe /d /s /c` with its metacharacters escaped (Node ≥ 20.12.2 refuses to spawn one
 * directly, CVE-2024-27980); an argument with `%` is refused there (CmdPercentError), and a program
 * not found is Node's ENOENT before anything runs. Elsewhere `spawn` as it is, without a shell.
 */
export function commandLauncher<Options extends SpawnOptions, Child extends ChildProcess>(
  platform: NodeJS.Platform,
  spawn: SpawnLike<Options, Child>,
  parts?: CrossSpawnParts,
): SpawnLike<Options, Child> {
  if (platform !== 'win32') return spawn;
  return (command, args, options) => {
    const cross = parts ?? crossSpawn();
    const parsed = cross.parse(command, args, options);
    if (parsed.options.windowsVerbatimArguments === true && options.windowsVerbatimArguments !== true) {
      // Not found on PATH: Node's own error, rather than cmd.exe's exit 1 and "is not recognized".
      if (parsed.file === undefined) throw Object.assign(new Error(`spawn ${command} ENOENT`), { code: 'ENOENT', path: command });
      refusePercent(command, args);
    }
    // parse copies the options it is given and only adds to them.
    return spawn(parsed.command, parsed.args, parsed.options as Options);
  };
}
