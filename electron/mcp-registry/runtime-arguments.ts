import { homedir } from 'node:os';
import { posix } from 'node:path';
import { CodedError } from '../../shared/errors';

/**
 * A registry entry's `runtimeArguments` go before the package, to npx, uvx or docker. There they can
 * change what runs (`npx --package other -c '…'` runs a shell; `uvx --from git+…`, `--index-url`)
 * or widen what a container may reach (`--privileged`, `-v /:/host`), so each runtime keeps only
 * what cannot: flags for npx and uvx come from a short list, docker's are checked against the ones
 * that open the computer to the container.
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

const DOCKER_REFUSED = new Set([
  '--privileged', '--cap-add', '--device', '--device-cgroup-rule', '--pid', '--ipc', '--uts', '--userns', '--cgroupns',
  '--security-opt', '--volumes-from', '--entrypoint', '--env-file', '--label-file', '--cidfile',
]);
const DOCKER_MOUNTS = new Set(['-v', '--volume', '--mount']);
const DOCKER_NETWORK = new Set(['--network', '--net']);
// Host folders whose mount hands the container the system or the docker daemon itself.
const SYSTEM_FOLDERS = ['/etc', '/root', '/proc', '/sys', '/dev', '/boot', '/run', '/var/run'];

function mountSource(flag: string, value: string): string | undefined {
  if (flag === '--mount') return /(?:^|,)(?:source|src)=([^,]*)/.exec(value)?.[1];
  return value.split(':')[0];
}

function unsafeSource(source: string, home: string): boolean {
  if (!source.startsWith('/')) return false; // a named volume, not a host folder
  const path = posix.normalize(source).replace(/(.)\/+$/, '$1');
  if (path === '/' || path.endsWith('.sock')) return true;
  if (SYSTEM_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`))) return true;
  // The home folder itself, or a folder holding it, gives the container every file of the person.
  return home === path || home.startsWith(`${path === '/' ? '' : path}/`);
}

/** docker run: flags that reach the host (devices, namespaces, the socket, system folders) are refused. */
export function dockerArguments(args: readonly string[], home: string = homedir()): string[] {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const [flag = '', inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (DOCKER_REFUSED.has(flag)) refuse('docker', arg, 'it gives the container access beyond its own files and network.');
    if (/^-[A-Za-z]{2,}$/.test(flag) && flag.includes('v')) refuse('docker', arg, 'write -v on its own, with its folder after it.');
    const takesValue = DOCKER_MOUNTS.has(flag) || DOCKER_NETWORK.has(flag);
    if (!takesValue) continue;
    const value = inline ?? args[i + 1] ?? '';
    if (inline === undefined) i += 1;
    if (DOCKER_NETWORK.has(flag) && value !== 'none' && value !== 'bridge') refuse('docker', `${flag} ${value}`, 'only --network none or bridge is allowed.');
    const source = DOCKER_MOUNTS.has(flag) ? mountSource(flag, value) : undefined;
    if (source !== undefined && unsafeSource(source, home)) refuse('docker', `${flag} ${value}`, 'it mounts a system folder, the docker socket or the whole home folder.');
  }
  return [...args];
}
