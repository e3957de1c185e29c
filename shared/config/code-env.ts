/**
 * Environment variables known to decide what code runs (a preloaded module, a library path, an
 * interpreter's startup file): `NODE_OPTIONS=--require /tmp/x.js` runs other code than the same
 * command alone. Approvals now cover every value; this list tells which values approvals of earlier
 * versions covered (registry/legacy-command-approvals.ts) and which the pool's own command line shows.
 */
export const CODE_LOADING_ENV: ReadonlySet<string> = new Set([
  'NODE_OPTIONS', 'NODE_PATH', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'DYLD_INSERT_LIBRARIES',
  'DYLD_LIBRARY_PATH', 'DYLD_FRAMEWORK_PATH', 'PYTHONPATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'PERL5OPT',
  'PERL5LIB', 'RUBYOPT', 'RUBYLIB', 'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'BASH_ENV',
  'ENV', 'PATH',
]);

/** The code-loading variables a config sets, sorted by name. */
export function codeLoadingEnv(env: Readonly<Record<string, string>> | undefined): Array<[string, string]> {
  return Object.entries(env ?? {})
    .filter(([name]) => CODE_LOADING_ENV.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
