import { homedir } from 'node:os';
import { posix } from 'node:path';
import { isDockerCommand, type StdioServerConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { csvFields, mountHost, mountRefusal, volumeRefusal, type MountHost } from './docker-mounts';
import { dockerOwnArguments } from './docker-run-options';
import { realHome, realHostPath } from './host-path';

interface MountGiven {
  flag: '--volume' | '--mount';
  spec: string;
}

// docker run's one-letter flags that take a value; the rest of the argument (or the next one) is that value.
const SHORT_WITH_VALUE = new Set(['a', 'c', 'e', 'h', 'l', 'm', 'p', 'u', 'w']);

/**
 * Every `-v`/`--volume`/`--mount` given, read as docker's flag parser reads them (`--volume=X`,
 * `--volume X`, `-vX`, `-v=X`, bundled `-itv X`), among docker's own arguments only: after the
 * image they are the server's (docker-run-options.ts).
 */
export function dockerMountSpecs(allArgs: readonly string[]): MountGiven[] {
  const args = dockerOwnArguments(allArgs);
  const found: MountGiven[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const long = /^--(volume|mount)(=|$)/.exec(arg);
    if (long) {
      const flag = long[1] === 'volume' ? '--volume' : '--mount';
      const spec = long[2] === '=' ? arg.slice(arg.indexOf('=') + 1) : args[++i];
      if (spec !== undefined) found.push({ flag, spec });
      continue;
    }
    if (!arg.startsWith('-') || arg.startsWith('--')) continue;
    for (let at = 1; at < arg.length; at += 1) {
      const letter = arg[at] ?? '';
      if (letter !== 'v' && !SHORT_WITH_VALUE.has(letter)) continue;
      const rest = arg.slice(at + 1);
      const value = rest.startsWith('=') ? rest.slice(1) : rest !== '' ? rest : args[++i];
      if (letter === 'v' && value !== undefined) found.push({ flag: '--volume', spec: value });
      break;
    }
  }
  return found;
}

/**
 * The host path a mount names, if it names one. docker resolves a relative one against its own
 * working folder, the entry's `cwd`: a `-v` source starting with `.`, a bind `--mount` source not a
 * full path (docker CLI, opts/mount.go and container/opts.go). A `-v` of one part is an anonymous volume.
 */
function hostSource({ flag, spec }: MountGiven, cwd: string): string | undefined {
  if (flag === '--volume') {
    const colon = spec.indexOf(':');
    if (colon < 0) return undefined;
    const source = spec.slice(0, colon);
    return source.startsWith('.') ? posix.resolve(cwd, source) : source;
  }
  let source: string | undefined;
  let bind = false;
  for (const field of csvFields(spec) ?? spec.split(',')) {
    const eq = field.indexOf('=');
    const key = field.slice(0, eq < 0 ? field.length : eq).trim().toLowerCase();
    const value = eq < 0 ? '' : field.slice(eq + 1).trim();
    if (key === 'type') bind = value.toLowerCase() === 'bind';
    if (key === 'source' || key === 'src') source = value;
  }
  return source !== undefined && bind && source !== '' && !source.startsWith('/') ? posix.resolve(cwd, source) : source;
}

const within = (path: string, folder: string): boolean => {
  const inside = posix.relative(folder, path);
  return !inside.startsWith('..') && !posix.isAbsolute(inside);
};

/**
 * A person's own entry may mount what it names (`/data` on purpose); but a path written inside the
 * home folder that now leads out of it was replaced by a link since it was written.
 */
function ledOutOfHome(source: string, home: string): string | undefined {
  if (!source.startsWith('/')) return undefined;
  const path = posix.normalize(source);
  if (!within(path, home)) return undefined;
  let real: string;
  try {
    real = realHostPath(path).real;
  } catch {
    return undefined; // docker cannot follow it either: its own error says so
  }
  return within(real, realHome(home)) ? undefined : real;
}

const shown = (text: string): string => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * Checked again just before docker runs, on the entry as it will run (references resolved): a folder
 * that passed when the entry was added can since have been swapped for a symbolic link out of the
 * home folder (to `/`, `/etc`, the docker socket) by anything writing in its parent folder. An entry
 * the registry added (`fromRegistry`) has every mount checked as when it was added; any docker
 * entry, a path inside the home folder that now leads out of it (a relative one resolved as docker
 * resolves it). Returns why docker must not run.
 */
export function dockerSpawnRefusal(
  name: string,
  config: Pick<StdioServerConfig, 'command' | 'args' | 'fromRegistry' | 'cwd'>,
  host: MountHost = mountHost(homedir()),
  processCwd: string = process.cwd(),
): CodedError | undefined {
  if (!isDockerCommand(config.command)) return undefined;
  // docker runs in the entry's folder, else in ours (as the pool spawns it).
  const cwd = posix.resolve(processCwd, config.cwd ?? '.');
  for (const given of dockerMountSpecs(config.args ?? [])) {
    const source = hostSource(given, cwd) ?? '';
    const real = ledOutOfHome(source, host.home);
    if (real !== undefined) {
      return new CodedError('denied', `"${name}" was not started: its docker mount ${shown(source)} now leads to ${shown(real)}, outside the home folder (a symbolic link has taken the folder's place), so docker was not run.`, {
        hint: `See what replaced it (\`ls -l ${shown(source)}\`) and put the folder back; to mount ${shown(real)} on purpose, write that path in the entry (\`connected-services servers edit ${name}\`).`,
        data: { server: name, path: source, leadsTo: real },
      });
    }
    if (config.fromRegistry === undefined) continue;
    const why = given.flag === '--volume' ? volumeRefusal(given.spec, host) : mountRefusal(given.spec, host);
    if (why !== undefined) {
      return new CodedError('denied', `"${name}" was not started: its docker mount ${JSON.stringify(shown(given.spec))}, from the registry, is no longer accepted: ${why} Docker was not run.`, {
        hint: `Put the folder back as it was when the entry was added, or remove the entry (\`connected-services servers remove ${name}\`) and add it again.`,
        data: { server: name, path: source },
      });
    }
  }
  return undefined;
}
