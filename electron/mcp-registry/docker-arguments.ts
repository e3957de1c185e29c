import { homedir } from 'node:os';
import { CodedError } from '../../shared/errors';
import { mountHost, mountRefusal, volumeRefusal, type MountHost } from './docker-mounts';

interface DockerFlag {
  long: string;
  /** A flag with a value; without one it is a switch (`--rm`, `--rm=false`). */
  value: boolean;
  /** Why a value is refused, if it is. */
  check?: (value: string, host: MountHost) => string | undefined;
}

const NETWORKS = new Set(['none', 'bridge']);

/**
 * The `docker run` flags a registry entry may give: what the container sees of itself (its variables,
 * user, folder, limits) and mounts inside the home folder. Everything else is refused: the list of
 * flags that open the computer (`--privileged`, `--device`, `--pid host`, `-p` on every interface,
 * `--gpus`, those of later docker releases) is longer and grows, this one does not.
 */
const FLAGS: readonly DockerFlag[] = [
  { long: '--interactive', value: false }, { long: '--tty', value: false }, { long: '--rm', value: false },
  { long: '--init', value: false }, { long: '--read-only', value: false },
  { long: '--env', value: true }, { long: '--workdir', value: true }, { long: '--user', value: true },
  { long: '--volume', value: true, check: volumeRefusal }, { long: '--mount', value: true, check: mountRefusal },
  { long: '--network', value: true, check: (network) => (NETWORKS.has(network) ? undefined : 'only the network none or bridge is accepted.') },
  { long: '--tmpfs', value: true }, { long: '--memory', value: true }, { long: '--cpus', value: true },
  { long: '--pids-limit', value: true }, { long: '--shm-size', value: true }, { long: '--label', value: true },
  { long: '--platform', value: true }, { long: '--pull', value: true }, { long: '--cap-drop', value: true }, { long: '--stop-timeout', value: true },
];
const LONG = new Map<string, DockerFlag>(FLAGS.map((flag) => [flag.long, flag]));
const flagOf = (long: string): DockerFlag => LONG.get(long) as DockerFlag;
LONG.set('--net', flagOf('--network'));
const SHORT = new Map<string, DockerFlag>(
  Object.entries({ i: '--interactive', t: '--tty', e: '--env', w: '--workdir', u: '--user', v: '--volume', m: '--memory', l: '--label' }).map(([short, long]) => [short, flagOf(long)]),
);

const refuse = (arg: string, why: string): never => {
  throw new CodedError('invalid_input', `The registry entry asks docker to run with ${JSON.stringify(arg.slice(0, 80))}, which is not accepted: ${why}`);
};

interface Given {
  flag: DockerFlag;
  value: string | undefined;
}

/**
 * One argument read as docker's flag parser (pflag) reads it: `--flag=value` or `--flag value`;
 * `-X value`, `-Xvalue` and `-X=value`; switches bundled (`-it`), the first flag with a value
 * taking the rest of the argument (`-iv/:/h` is `-i -v /:/h`). `next` gives the following argument.
 */
function readArgument(arg: string, next: () => string | undefined): Given[] {
  if (arg === '--' || !arg.startsWith('-') || arg.length < 2) refuse(arg, 'before the image only docker flags are given (a word here would be taken as the image).');
  if (arg.startsWith('--')) {
    const eq = arg.indexOf('=');
    const flag = LONG.get(eq < 0 ? arg : arg.slice(0, eq)) ?? refuse(arg, unlisted());
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    return [{ flag, value: flag.value ? (inline ?? next() ?? refuse(arg, 'it needs a value.')) : inline }];
  }
  const given: Given[] = [];
  for (let at = 1; at < arg.length; at += 1) {
    const flag = SHORT.get(arg[at] ?? '') ?? refuse(arg, unlisted());
    const rest = arg.slice(at + 1);
    const inline = rest.startsWith('=') ? rest.slice(1) : undefined;
    if (!flag.value) {
      given.push({ flag, value: inline });
      if (inline !== undefined) break;
      continue;
    }
    given.push({ flag, value: inline ?? (rest !== '' ? rest : (next() ?? refuse(arg, 'it needs a value.'))) });
    break;
  }
  return given;
}

function unlisted(): string {
  return `only ${FLAGS.map((flag) => flag.long).join(', ')} (and -i, -t, -e, -w, -u, -v, -m, -l) are accepted.`;
}

/**
 * docker run: only the listed flags, each value checked (mounts, network). What is returned is
 * each flag written out as `--flag=value`, so docker reads exactly what was checked.
 */
export function dockerArguments(args: readonly string[], host: MountHost = mountHost(homedir())): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const start = i;
    const arg = args[i] ?? '';
    const next = (): string | undefined => {
      i += 1;
      return args[i];
    };
    const given = readArgument(arg, next);
    const shown = args.slice(start, i + 1).join(' ');
    for (const { flag, value } of given) {
      if (!flag.value) {
        if (value !== undefined && value !== 'true' && value !== 'false') refuse(shown, `${flag.long} is true or false.`);
        out.push(value === undefined ? flag.long : `${flag.long}=${value}`);
        continue;
      }
      const text = value ?? '';
      const why = flag.check?.(text, host);
      if (why !== undefined) refuse(shown, why);
      out.push(`${flag.long}=${text}`);
    }
  }
  return out;
}
