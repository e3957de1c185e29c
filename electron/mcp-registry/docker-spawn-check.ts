import { homedir } from 'node:os';
import { posix } from 'node:path';
import { isDockerCommand, type StdioServerConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { mountRefusal, volumeRefusal } from './docker-mounts';
import { realHome, realHostPath } from './host-path';

interface MountGiven {
  flag: '--volume' | '--mount';
  spec: string;
}

// docker run's one-letter flags that take a value; the rest of the argument (or the next one) is that value.
const SHORT_WITH_VALUE = new Set(['a', 'c', 'e', 'h', 'l', 'm', 'p', 'u', 'w']);

/**
 * Every `-v`/`--volume`/`--mount` given, read as docker's flag parser reads them (`--volume=X`,
 * `--volume X`, `-vX`, `-v=X`, bundled `-itv X`). Every argument is read, the image's own too: a
 * server flag that looks like a mount is checked rather than a mount being missed.
 */
export function dockerMountSpecs(args: readonly string[]): MountGiven[] {
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

/** The host path a mount names, if it names one by its full path. */
function hostSource({ flag, spec }: MountGiven): string | undefined {
  if (flag === '--volume') return spec.split(':')[0];
  for (const field of spec.split(',')) {
    const [key, ...value] = field.split('=');
    if (['source', 'src'].includes((key ?? '').trim().toLowerCase())) return value.join('=').replace(/^"|"$/g, '').trim();
  }
  return undefined;
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
 * entry, a path inside the home folder that now leads out of it. Returns why docker must not run.
 */
export function dockerSpawnRefusal(name: string, config: Pick<StdioServerConfig, 'command' | 'args' | 'fromRegistry'>, home: string = homedir()): CodedError | undefined {
  if (!isDockerCommand(config.command)) return undefined;
  for (const given of dockerMountSpecs(config.args ?? [])) {
    const source = hostSource(given) ?? '';
    const real = ledOutOfHome(source, home);
    if (real !== undefined) {
      return new CodedError('denied', `"${name}" was not started: its docker mount ${shown(source)} now leads to ${shown(real)}, outside the home folder (a symbolic link has taken the folder's place), so docker was not run.`, {
        hint: `See what replaced it (\`ls -l ${shown(source)}\`) and put the folder back; to mount ${shown(real)} on purpose, write that path in the entry (\`connected-services servers edit ${name}\`).`,
        data: { server: name, path: source, leadsTo: real },
      });
    }
    if (config.fromRegistry === undefined) continue;
    const why = given.flag === '--volume' ? volumeRefusal(given.spec, home) : mountRefusal(given.spec, home);
    if (why !== undefined) {
      return new CodedError('denied', `"${name}" was not started: its docker mount ${JSON.stringify(shown(given.spec))}, from the registry, is no longer accepted: ${why} Docker was not run.`, {
        hint: `Put the folder back as it was when the entry was added, or remove the entry (\`connected-services servers remove ${name}\`) and add it again.`,
        data: { server: name, path: source },
      });
    }
  }
  return undefined;
}
