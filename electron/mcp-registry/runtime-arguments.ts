import { CodedError } from '../../shared/errors';

/**
 * A registry entry's `runtimeArguments` go before the package, to npx, uvx or docker. There they can
 * change what runs (`npx --package other -c '…'` runs a shell; `uvx --from git+…`, `--index-url`)
 * or widen what a container may reach (`--privileged`, `-v /:/host`), so each runtime keeps only
 * what cannot: each runtime's flags come from a short list (docker's in docker-arguments.ts).
 */
const refuse = (runtime: string, arg: string, why: string): never => {
  throw new CodedError('invalid_input', `The registry entry asks ${runtime} to run with ${JSON.stringify(arg.slice(0, 80))}, which is not accepted: ${why}`);
};

const NPX_FLAGS = new Set(['-y', '--yes', '-q', '--quiet']);

/** npx: `-y` always (a prompt would stall the server's stdio), then only quiet flags. */
export function npxArguments(args: readonly string[]): string[] {
  for (const arg of args) if (!NPX_FLAGS.has(arg)) refuse('npx', arg, 'before the package, only -y, --yes, -q and --quiet are allowed.');
  return ['-y', ...args.filter((arg) => arg !== '-y' && arg !== '--yes')];
}

const PYTHON_VERSION = /^\d+(?:\.\d+){0,2}$/;

/** uvx: quiet flags and a Python version only; `--from`, `--with` and index options change what runs. */
export function uvxArguments(args: readonly string[]): string[] {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '-q' || arg === '--quiet') continue;
    if (arg === '--python' || arg === '-p') {
      const value = args[i + 1] ?? '';
      if (!PYTHON_VERSION.test(value)) refuse('uvx', `${arg} ${value}`, 'a Python version is digits and dots.');
      i += 1;
      continue;
    }
    if (arg.startsWith('--python=') && PYTHON_VERSION.test(arg.slice('--python='.length))) continue;
    refuse('uvx', arg, 'before the package, only -q, --quiet and --python VERSION are allowed.');
  }
  return [...args];
}

const BUNDLE_FLAGS = new Set(['--no-warnings', '--no-deprecation', '--enable-source-maps', '-u', '-B']);
const NODE_HEAP = /^--max-old-space-size=\d{1,6}$/;

/**
 * An mcpb bundle's runtime (its manifest's `node`, `python3`, …): quiet and memory flags only. The
 * bundle's SHA-256 pins the code that runs, so nothing may load other code (`--require`, `--import`,
 * `--loader`, `-e`, `-c`, `-m`) or open it to others (`--inspect`, Node's debugger, takes code from
 * whoever connects). Checked before the bundle is downloaded.
 */
export function bundleArguments(args: readonly string[]): string[] {
  for (const arg of args) {
    if (!BUNDLE_FLAGS.has(arg) && !NODE_HEAP.test(arg)) refuse('the bundle\'s runtime', arg, 'only --no-warnings, --no-deprecation, --enable-source-maps, --max-old-space-size=MB, -u and -B are allowed.');
  }
  return [...args];
}
