import { splitCommandLine } from '../config';
import type { CatalogEntry, StdioCatalogEntry } from './catalog-schema';

function normalUrl(url: string): string {
  return url.replace(/\/+$/, '').toLowerCase();
}

/**
 * Programs that run a package by its name, grouped by the registry they fetch from: `uvx x` and
 * `pipx run x` run the same PyPI package. Only the package argument tells entries apart.
 */
const RUNNER_FAMILIES: readonly (readonly string[])[] = [
  ['npx', 'bunx', 'pnpx', 'npm', 'pnpm', 'yarn', 'bun'],
  ['uvx', 'uv', 'pipx'],
  ['docker', 'podman'],
];

/** What names the package, npm scope and all (`run` in `pipx run x` names nothing). */
export function packageOf(entry: StdioCatalogEntry): string | undefined {
  return entry.package ?? entry.args.find((arg) => !arg.startsWith('-'));
}

/** `C:\bin\npx.cmd` and `/usr/bin/npx` are npx. */
function programName(path: string): string {
  return (path.split(/[\\/]/).pop() ?? path).replace(/\.(exe|cmd|bat)$/i, '').toLowerCase();
}

function sameRunner(program: string, command: string): boolean {
  const want = programName(command);
  return program === want || RUNNER_FAMILIES.some((family) => family.includes(program) && family.includes(want));
}

/** The package itself, or with a version or tag: `pkg@1.2`, `pkg==1.2`, `image:tag`, `image@sha256:…`. */
function namesPackage(arg: string, pkg: string): boolean {
  return arg === pkg || (arg.startsWith(pkg) && /^(@|==|:)./.test(arg.slice(pkg.length)));
}

/** The command and its arguments, or nothing when the line is not one command (then nothing matches). */
function wordsOf(commandLine: string): string[] {
  try {
    const split = splitCommandLine(commandLine);
    return [split.command, ...split.args];
  } catch {
    return [];
  }
}

/**
 * Whether these words run this entry: its program (or one fetching from the same registry) with its
 * whole package argument, a copy of the package (`node …/node_modules/pkg/…`, `node …/@scope/pkg/…`),
 * or the package's own program. Never one word alone: `run` or `stdio` is in many command lines.
 */
function runs(entry: StdioCatalogEntry, words: readonly string[]): boolean {
  const pkg = packageOf(entry);
  const [first, ...args] = words;
  if (pkg === undefined || first === undefined) return false;
  const program = programName(first);
  if (sameRunner(program, entry.command) && args.some((arg) => namesPackage(arg, pkg))) return true;
  // A path through the package: in node_modules, or any folder named by its whole npm scope and name.
  const inPath = (word: string) => {
    const path = `/${word.replace(/\\/g, '/')}/`;
    return path.includes(`/node_modules/${pkg}/`) || (pkg.startsWith('@') && path.includes(`/${pkg}/`));
  };
  if (words.some(inPath)) return true;
  return !pkg.includes('/') && program === pkg.toLowerCase();
}

/**
 * The catalog entry a configured server was made from, by its URL or the package its command runs;
 * lets the UI show an icon, an auth type and docs for servers the person configured by hand.
 */
export function catalogEntryFor(
  catalog: readonly CatalogEntry[],
  server: { url?: string | undefined; commandLine?: string | undefined },
): CatalogEntry | undefined {
  if (server.url !== undefined) {
    const url = normalUrl(server.url);
    return catalog.find((entry) => entry.transport === 'http' && normalUrl(entry.url) === url);
  }
  const words = wordsOf(server.commandLine ?? '');
  if (words.length === 0) return undefined;
  return catalog.find((entry) => entry.transport === 'stdio' && runs(entry, words));
}
