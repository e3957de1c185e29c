/**
 * Which of a docker entry's arguments docker itself reads: `docker [GLOBAL OPTIONS] [container] run|create
 * [OPTIONS] IMAGE [COMMAND] [ARG...]`. What follows the image is the container's command line, not
 * docker's (its parser stops at the first word: pflag with interspersed flags off), so a server's own
 * `-v PATH` there is no mount.
 */

// docker's global flags that take a value (`docker --context x run …`); `-v` there is --version.
const GLOBAL_WITH_VALUE = new Set(['--config', '-c', '--context', '-H', '--host', '-l', '--log-level', '--tlscacert', '--tlscert', '--tlskey']);

// `docker run`'s switches; every other flag takes a value. Were a switch missing here, the image would
// be read as its value and the container's arguments as docker's: more is checked, nothing missed.
const RUN_SWITCHES = new Set([
  '--detach', '--disable-content-trust', '--help', '--init', '--interactive', '--no-healthcheck', '--oom-kill-disable',
  '--privileged', '--publish-all', '--quiet', '--read-only', '--rm', '--sig-proxy', '--tty', '--use-api-socket',
]);
const SHORT_SWITCHES = new Set(['d', 'i', 'P', 'q', 't']);

/** Where `run`'s options begin: past the global flags and `run`, `create`, `container run` or `container create`; undefined for another command. */
function runOptionsStart(args: readonly string[]): number | undefined {
  let i = 0;
  while (i < args.length && (args[i] ?? '').startsWith('-')) {
    const arg = args[i] ?? '';
    i += GLOBAL_WITH_VALUE.has(arg) ? 2 : 1;
  }
  if (args[i] === 'container') i += 1;
  return args[i] === 'run' || args[i] === 'create' ? i + 1 : undefined;
}

/** The index of the image: the first argument that is neither a flag nor a flag's value (after `--`, the next one). */
function imageIndex(args: readonly string[], from: number): number {
  let i = from;
  while (i < args.length) {
    const arg = args[i] ?? '';
    if (arg === '--') return i + 1;
    if (!arg.startsWith('-') || arg === '-') return i;
    if (arg.startsWith('--')) {
      i += arg.includes('=') || RUN_SWITCHES.has(arg) ? 1 : 2;
      continue;
    }
    // Bundled letters (`-it`, `-itv X`): the first that takes a value takes the rest, or the next argument.
    const letters = arg.slice(1);
    const valued = [...letters].findIndex((letter) => !SHORT_SWITCHES.has(letter));
    i += valued >= 0 && valued === letters.length - 1 ? 2 : 1;
  }
  return args.length;
}

/**
 * The arguments docker reads as its own: those before the image of `run`/`create`; for any other
 * command (one this does not know), every argument, so that nothing that may be a mount is missed.
 */
export function dockerOwnArguments(args: readonly string[]): readonly string[] {
  const start = runOptionsStart(args);
  return start === undefined ? args : args.slice(0, imageIndex(args, start));
}
