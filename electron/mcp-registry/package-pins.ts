import { CodedError } from '../../shared/errors';
import type { RegistryPackage } from './server-json';

// SemVer 2.0.0 §2, §9, §10: MAJOR.MINOR.PATCH, no leading zeros, optional pre-release and build.
const NUMBER = '(?:0|[1-9]\\d*)';
const PRE_PART = '(?:0|[1-9]\\d*|\\d*[A-Za-z-][0-9A-Za-z-]*)';
const SEMVER = new RegExp(`^${NUMBER}\\.${NUMBER}\\.${NUMBER}(?:-${PRE_PART}(?:\\.${PRE_PART})*)?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?$`);
// PEP 440 §public-version-scheme, one release as PyPI serves it (no local part).
const PEP440 = /^(?:[1-9]\d*!)?\d+(?:\.\d+)*(?:(?:a|b|rc)\d+)?(?:\.post\d+)?(?:\.dev\d+)?$/i;
// npm's rules for new package names (validate-npm-package-name): lower case, URL-safe, at most 214.
const NPM_NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;
// PEP 508 §names.
const PYPI_NAME = /^[A-Z0-9](?:[A-Z0-9._-]*[A-Z0-9])?$/i;

const refuse = (message: string): never => {
  throw new CodedError('invalid_input', message);
};

// The registries npx and uvx fetch from when nothing else is configured (server.json's `registryBaseUrl` examples).
const DEFAULT_REGISTRY: Record<'npm' | 'pypi', readonly string[]> = { npm: ['https://registry.npmjs.org'], pypi: ['https://pypi.org', 'https://pypi.org/simple'] };

/**
 * npx and uvx fetch from their default registry whatever the entry says, and no registry variable is
 * accepted from it (entry-env.ts): a package published on another registry would be installed under
 * the same name from the public one (dependency confusion), so such an entry is refused.
 */
function checkRegistryBase(pkg: RegistryPackage, kind: 'npm' | 'pypi'): void {
  if (pkg.registryBaseUrl === undefined) return;
  const base = pkg.registryBaseUrl.trim().replace(/\/+$/, '').toLowerCase();
  if (DEFAULT_REGISTRY[kind].includes(base)) return;
  refuse(`${pkg.identifier} is published on ${pkg.registryBaseUrl.slice(0, 200)}, not on ${DEFAULT_REGISTRY[kind][0] ?? ''}; ${kind === 'npm' ? 'npx' : 'uvx'} would fetch the same name from ${DEFAULT_REGISTRY[kind][0] ?? ''}, which may be someone else's package, so it is not installed.`);
}

/**
 * The exact release an npm or PyPI entry names. What the person approves is text: a range, a
 * dist-tag, an alias (`npm:other@1.0.0`) or a git source would let whatever is published under it
 * later run without asking again, so only one exact version of one named package passes.
 */
export function pinnedPackage(pkg: RegistryPackage, kind: 'npm' | 'pypi'): string {
  checkRegistryBase(pkg, kind);
  const version = pkg.version ?? refuse(`The registry gives no version for ${pkg.identifier}; only an exact version is installed.`);
  if (kind === 'npm') {
    if (pkg.identifier.length > 214 || !NPM_NAME.test(pkg.identifier)) refuse(`${pkg.identifier} is not an npm package name; it is not installed.`);
    if (!SEMVER.test(version)) refuse(`${pkg.identifier}@${version} is not one exact version (MAJOR.MINOR.PATCH); ranges, tags and aliases are not installed.`);
    return `${pkg.identifier}@${version}`;
  }
  if (!PYPI_NAME.test(pkg.identifier)) refuse(`${pkg.identifier} is not a Python package name; it is not installed.`);
  if (!PEP440.test(version)) refuse(`${pkg.identifier}==${version} is not one exact version; ranges and other sources are not installed.`);
  return `${pkg.identifier}==${version}`;
}
