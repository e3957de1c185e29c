import { posix } from 'node:path';
import { realHome, realHostPath, type RealHostPath } from './host-path';

/**
 * What a registry entry's docker mount may take from the computer. A container runs as root, so a
 * host folder it mounts is one it can rewrite: only folders inside the person's home folder are
 * accepted (never the home folder itself, nor a hidden folder in it, where keys, settings, shell
 * start-up files and Docker Desktop's socket live; nor `~/Library`, `~/AppData` or `~/bin`), or a
 * named volume. Each function returns why a value is refused.
 */

const shown = (path: string): string => (path.length > 200 ? `${path.slice(0, 200)}…` : path);

/** The person's home folder, and the folders in it no mount may hold, be or be inside. */
export interface MountHost {
  home: string;
  /** The data folder (mcp.json, approvals, the vault) and PATH's folders: a rewrite there is ours or runs next. */
  guarded: readonly string[];
}

/** The mount rules for this computer: `dataDir` as the core uses it, PATH as programs are found. */
export function mountHost(home: string, dataDir?: string, pathVariable: string = process.env['PATH'] ?? ''): MountHost {
  const guarded = [...(dataDir !== undefined ? [dataDir] : []), ...pathVariable.split(':')].filter((folder) => posix.isAbsolute(folder)).map((folder) => posix.normalize(folder).replace(/(.)\/+$/, '$1'));
  return { home, guarded };
}

// docker's own rule for a volume name; `.`, `..`, `./x` and `~` are not names (the CLI would resolve them as folders).
const VOLUME_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** First folders of the home folder that are the system's, whatever is inside them. */
const SYSTEM_FOLDERS: Readonly<Record<string, string>> = {
  // macOS: Application Support (our data folder), Keychains, Preferences; a LaunchAgents plist runs at login.
  Library: 'the user library (~/Library: app data, Keychains, LaunchAgents that run at login) is not mounted.',
  // Windows: the Startup folder and every app's data.
  AppData: 'the app data folder (~/AppData: the Startup folder, every app\'s data) is not mounted.',
  // On PATH by default (Ubuntu's .profile), before /usr/bin: a planted `npx` runs with the next server.
  bin: 'a folder of programs on PATH (~/bin) is not mounted.',
};

const holds = (outer: string, inner: string): boolean => {
  const rel = posix.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !posix.isAbsolute(rel));
};

function insideHome(path: string, host: MountHost, home = host.home): string | undefined {
  const inside = posix.relative(home, path);
  if (inside === '' || inside.startsWith('..') || posix.isAbsolute(inside)) return 'only a folder inside the home folder may be mounted (not the home folder, a system folder or the docker socket).';
  const parts = inside.split('/');
  if (parts.some((part) => part.startsWith('.'))) return 'a hidden folder of the home folder (keys, settings, shell start-up files, the docker socket) is not mounted.';
  const system = Object.hasOwn(SYSTEM_FOLDERS, parts[0] ?? '') ? SYSTEM_FOLDERS[parts[0] ?? ''] : undefined;
  if (system !== undefined) return system;
  for (const folder of host.guarded) {
    for (const form of new Set([folder, realHome(folder)])) {
      if (holds(form, path) || holds(path, form)) return `${shown(path)} is, holds or is inside ${shown(folder)} (the app's data folder or a folder of programs on PATH), which is not mounted.`;
    }
  }
  return undefined;
}

/**
 * Where the folder really is: docker's mount follows links, so `~/link` to `/` is the whole disk.
 * A path that does not exist is refused, not created: until it is, anything writing in the home
 * folder (a container with a parent mounted) could make it a link to anywhere.
 */
function realFolderRefusal(path: string, host: MountHost): string | undefined {
  let found: RealHostPath;
  try {
    found = realHostPath(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return `${shown(path)} cannot be followed to a real folder (${typeof code === 'string' ? code : 'unreadable'}); give a folder that can.`;
  }
  if (found.danglingTo !== undefined) return `${shown(path)} leads through a symbolic link to ${shown(found.danglingTo)}, which does not exist; create the folder, then add the entry again.`;
  if (found.missing.length > 0) return `${shown(path)} does not exist; create the folder, then add the entry again (a path that does not exist yet could later be made a link out of the home folder).`;
  const why = insideHome(found.real, host, realHome(host.home));
  return why === undefined ? undefined : `${shown(path)} really is ${shown(found.real)} (through a symbolic link): ${why}`;
}

function hostFolder(path: string, host: MountHost): string | undefined {
  const normal = posix.normalize(path).replace(/(.)\/+$/, '$1');
  return insideHome(normal, host) ?? realFolderRefusal(normal, host);
}

/** A mount's source: a named volume, or a host folder (bind mounts must name one). */
export function sourceRefusal(source: string, host: MountHost, bind: boolean): string | undefined {
  const value = source.trim();
  if (value.startsWith('/')) return hostFolder(value, host);
  if (/^[A-Za-z]:[\\/]/.test(value) || value.startsWith('\\')) return 'a Windows host folder is not mounted from a registry entry.';
  if (bind) return 'a bind mount names its folder by its full path.';
  return VOLUME_NAME.test(value) ? undefined : 'a volume is a name or a full path inside the home folder.';
}

/** `-v SOURCE:TARGET[:MODE]`; a single part is an anonymous volume at that path in the container. */
export function volumeRefusal(spec: string, host: MountHost): string | undefined {
  if (/^[A-Za-z]:[\\/]/.test(spec)) return 'a Windows host folder is not mounted from a registry entry.';
  const parts = spec.split(':');
  return parts.length < 2 ? undefined : sourceRefusal(parts[0] ?? '', host, false);
}

/**
 * One CSV record as Go's encoding/csv reads it (docker reads `--mount` so): a field in double quotes
 * may hold commas and `""`; a quote anywhere else, or a line break, is docker's error, refused here.
 */
export function csvFields(text: string): string[] | undefined {
  if (/[\r\n]/.test(text)) return undefined;
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (text[at] === '"') {
      let value = '';
      at += 1;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote < 0) return undefined;
        value += text.slice(at, quote);
        at = quote + 1;
        if (text[at] !== '"') break;
        value += '"';
        at += 1;
      }
      fields.push(value);
      if (at === text.length) return fields;
      if (text[at] !== ',') return undefined;
      at += 1;
    } else {
      const comma = text.indexOf(',', at);
      const value = text.slice(at, comma < 0 ? text.length : comma);
      if (value.includes('"')) return undefined;
      fields.push(value);
      if (comma < 0) return fields;
      at = comma + 1;
    }
  }
}

// `volume-opt` (`device=/,o=bind`) and `volume-driver` let a volume be any host folder; they are not among these.
const MOUNT_KEYS = new Set(['type', 'source', 'src', 'target', 'destination', 'dst', 'readonly', 'ro', 'bind-propagation', 'consistency', 'tmpfs-size', 'tmpfs-mode', 'volume-nocopy']);
const MOUNT_TYPES = new Set(['bind', 'volume', 'tmpfs']);

/** `--mount type=…,source=…,target=…`: keys as docker reads them (case-insensitive, quotes removed). */
export function mountRefusal(spec: string, host: MountHost): string | undefined {
  const fields = csvFields(spec);
  if (!fields) return 'the mount is not one line of comma-separated key=value fields.';
  const pairs = fields.map((field) => {
    const eq = field.indexOf('=');
    return eq < 0 ? [field.trim().toLowerCase(), ''] : [field.slice(0, eq).trim().toLowerCase(), field.slice(eq + 1)];
  });
  const unknown = pairs.find(([key]) => !MOUNT_KEYS.has(key ?? ''));
  if (unknown) return `the mount option ${JSON.stringify(unknown[0])} is not accepted (type, source, target, readonly and the like are).`;
  const types = pairs.filter(([key]) => key === 'type').map(([, value]) => (value ?? '').trim().toLowerCase());
  if (types.some((type) => !MOUNT_TYPES.has(type))) return 'a mount is of type bind, volume or tmpfs.';
  const bind = types.includes('bind');
  for (const [key, value] of pairs) {
    if (key !== 'source' && key !== 'src') continue;
    const why = sourceRefusal(value ?? '', host, bind);
    if (why) return why;
  }
  return undefined;
}
