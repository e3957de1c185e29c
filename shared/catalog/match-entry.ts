import type { CatalogEntry } from './catalog-schema';

function normalUrl(url: string): string {
  return url.replace(/\/+$/, '').toLowerCase();
}

/** The npm or PyPI package a stdio entry runs (the first argument naming a package). */
function packageOf(entry: CatalogEntry): string | undefined {
  if (entry.transport !== 'stdio') return undefined;
  return entry.args.find((arg) => !arg.startsWith('-'));
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
  const words = new Set((server.commandLine ?? '').split(/[\s/\\]+/));
  const line = server.commandLine ?? '';
  return catalog.find((entry) => {
    const pkg = packageOf(entry);
    if (pkg === undefined) return false;
    // `node …/@modelcontextprotocol/server-everything/dist/index.js` as well as `npx -y @scope/pkg`.
    return words.has(pkg) || line.includes(`${pkg}/`) || line.includes(`${pkg} `) || line.endsWith(pkg);
  });
}
