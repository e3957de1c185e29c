/** A version as SemVer 2.0.0 §2 and §9 spell it, or undefined when it is not one. */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

interface Parsed {
  core: [bigint, bigint, bigint];
  pre: string[];
}

function parse(version: string): Parsed | undefined {
  const match = SEMVER.exec(version);
  if (!match) return undefined;
  return { core: [BigInt(match[1] ?? '0'), BigInt(match[2] ?? '0'), BigInt(match[3] ?? '0')], pre: match[4] === undefined ? [] : match[4].split('.') };
}

function comparePre(a: string[], b: string[]): number {
  // §11.3: a version without a pre-release is the higher one.
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 0 : a.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const [x, y] = [a[i], b[i]];
    // §11.4.4: the longer list of identifiers is higher when all before are equal.
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    const [nx, ny] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    // §11.4.1–3: numeric identifiers compare as numbers and are lower than alphanumeric ones.
    if (nx && ny) return BigInt(x) > BigInt(y) ? 1 : -1;
    if (nx !== ny) return nx ? -1 : 1;
    return x > y ? 1 : -1;
  }
  return 0;
}

/**
 * SemVer precedence (§11) of two versions: positive when `a` is higher; undefined when either is not
 * a valid semantic version (then neither is known to be higher).
 */
export function compareSemver(a: string, b: string): number | undefined {
  const [pa, pb] = [parse(a), parse(b)];
  if (!pa || !pb) return undefined;
  for (let i = 0; i < 3; i += 1) if (pa.core[i] !== pb.core[i]) return (pa.core[i] ?? 0n) > (pb.core[i] ?? 0n) ? 1 : -1;
  return comparePre(pa.pre, pb.pre);
}

export function isSemver(version: string): boolean {
  return SEMVER.test(version);
}
