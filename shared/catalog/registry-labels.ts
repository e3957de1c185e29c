/**
 * A short name for each registry, distinct among those configured: its host (with a port other
 * than the scheme's), then its path when another registry has the same host
 * (`127.0.0.1:8080/one`, `127.0.0.1:8080/two`), else its whole base URL.
 */
export function registryLabels(bases: readonly string[]): Map<string, string> {
  const parts = bases.map((base) => {
    const url = URL.parse(base);
    return { base, host: url?.host ?? base, path: url === null ? '' : url.pathname.replace(/\/+$/, '') };
  });
  const count = (key: (p: (typeof parts)[number]) => string) => {
    const seen = new Map<string, number>();
    for (const p of parts) seen.set(key(p), (seen.get(key(p)) ?? 0) + 1);
    return seen;
  };
  const byHost = count((p) => p.host);
  const byPath = count((p) => p.host + p.path);
  return new Map(
    parts.map((p) => {
      if (byHost.get(p.host) === 1) return [p.base, p.host];
      if (byPath.get(p.host + p.path) === 1) return [p.base, `${p.host}${p.path === '' ? '/' : p.path}`];
      return [p.base, p.base];
    }),
  );
}

/**
 * How many versions were marked latest, in words: the sync counts up to a bound
 * (`latestMarkedAtLeast` then set), so past it the count is a floor, not the number.
 */
export function latestMarkedCount(row: { latestMarked?: number | undefined; latestMarkedAtLeast?: true | undefined }): string {
  return `${row.latestMarked ?? 0}${row.latestMarkedAtLeast === true ? ' or more' : ''}`;
}
