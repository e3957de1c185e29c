/**
 * Environment variables known to decide what code runs (a preloaded module, a library path, an
 * interpreter's startup file): `NODE_OPTIONS=--require /tmp/x.js` runs other code than the same
 * command alone. Approvals cover every value; this list decides which values the pool's own command
 * line shows, which a credential file may not be named by, and which a registry entry may not set.
 */
export const CODE_LOADING_ENV: ReadonlySet<string> = new Set([
  'NODE_OPTIONS', 'NODE_PATH', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'DYLD_INSERT_LIBRARIES',
  'DYLD_LIBRARY_PATH', 'DYLD_FRAMEWORK_PATH', 'PYTHONPATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'PERL5OPT',
  'PERL5LIB', 'RUBYOPT', 'RUBYLIB', 'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'BASH_ENV',
  'ENV', 'PATH',
  // git runs these programs itself (npm and uv fetch git dependencies with git): the ssh it connects
  // with, the folder its sub-commands come from, a password helper, a proxy command (git docs, "git").
  'GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_EXEC_PATH', 'GIT_ASKPASS', 'SSH_ASKPASS', 'GIT_PROXY_COMMAND', 'GIT_TEMPLATE_DIR', 'GIT_EXTERNAL_DIFF',
  // Node version managers pick which node (and npx) a shim runs: Volta's toolchain folder, nvm's.
  'VOLTA_HOME', 'NVM_DIR',
]);

/**
 * Prefixes of the same kind: `GIT_CONFIG_*` gives git any setting (`core.sshCommand`,
 * `core.fsmonitor`, `url.<base>.insteadOf`; git docs, "GIT_CONFIG_COUNT"), Corepack downloads
 * package managers from `COREPACK_NPM_REGISTRY` into `COREPACK_HOME`, Bun reads `BUN_CONFIG_REGISTRY`
 * and `BUN_INSTALL`, Yarn `YARN_NPM_REGISTRY_SERVER`: each can run other code or fetch it elsewhere.
 */
export const CODE_LOADING_PREFIXES: readonly string[] = ['GIT_CONFIG', 'COREPACK_', 'BUN_', 'YARN_'];

/** Whether a variable decides what code runs (exact name, as POSIX systems read it). */
export function isCodeLoadingEnv(name: string): boolean {
  return CODE_LOADING_ENV.has(name) || CODE_LOADING_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The code-loading variables a config sets, sorted by name. */
export function codeLoadingEnv(env: Readonly<Record<string, string>> | undefined): Array<[string, string]> {
  return Object.entries(env ?? {})
    .filter(([name]) => isCodeLoadingEnv(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
