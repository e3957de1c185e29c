import { isCodeLoadingEnv } from '../../shared/config';
import { CodedError } from '../../shared/errors';

// Variables npx, uvx and docker read to choose where a package comes from or which daemon runs it
// (`npm_config_registry`, `UV_INDEX_URL`, `PIP_INDEX_URL`, `DOCKER_HOST`): the pinned version would be fetched elsewhere.
// `XDG_*`: uv reads `$XDG_CONFIG_HOME/uv/uv.toml` and `$XDG_CONFIG_DIRS/uv/uv.toml` (uv docs, "Configuration files").
const RUNNER_PREFIXES = ['NPM_CONFIG_', 'UV_', 'PIP_', 'DOCKER_', 'XDG_'];
// A proxy, or a certificate authority the entry picks, lets someone else answer for the package registry.
const TRANSPORT_ENV = new Set(['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NODE_TLS_REJECT_UNAUTHORIZED', 'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE']);
/**
 * Where a runtime finds its configuration files, which name the registry a pinned package comes from:
 * npm reads `$PREFIX/etc/npmrc` and `$HOME/.npmrc` (npm docs, "npmrc": global and per-user files;
 * on Windows the home is `USERPROFILE`, or `HOMEDRIVE`+`HOMEPATH`, and the prefix lies under `APPDATA`);
 * uv reads `~/.config/uv/uv.toml`, `%APPDATA%\uv\uv.toml` and `%SYSTEMDRIVE%\ProgramData\uv\uv.toml`
 * (uv docs, "Configuration files"); docker reads `~/.docker/config.json` (docker docs, "docker CLI
 * configuration file"). Each moves with the variable named here.
 */
const CONFIG_LOCATION_ENV = new Set(['HOME', 'PREFIX', 'USERPROFILE', 'HOMEDRIVE', 'HOMEPATH', 'APPDATA', 'LOCALAPPDATA', 'PROGRAMDATA', 'ALLUSERSPROFILE', 'SYSTEMDRIVE', 'SYSTEMROOT']);
/**
 * Windows: which program runs a command, and with what. npx runs a package's bin through
 * `%ComSpec%` (libnpmexec: `scriptShell = isWindows ? process.env.ComSpec || 'cmd'`), and finds
 * commands by the extensions of `PATHEXT` (node-which), so `.JS` first would open a script with its
 * file association. `WINDIR` is `SYSTEMROOT` under its older name: the folder of the system's own
 * programs (Microsoft, "Recognized environment variables").
 */
const WINDOWS_RUNNER_ENV = new Set(['COMSPEC', 'PATHEXT', 'WINDIR']);
// Code a runtime loads by a variable, beyond the ones a person's own config is warned about: glibc's
// iconv modules, Python's user site-packages, the module node's REPL loads first.
const MORE_CODE_ENV = new Set(['GCONV_PATH', 'PYTHONUSERBASE', 'NODE_REPL_EXTERNAL_MODULE']);

/** Why a registry entry may not set this variable (compared in capitals, as Windows reads them), or undefined. */
export function entryVariableRefusal(name: string): string | undefined {
  const upper = name.toUpperCase();
  if (isCodeLoadingEnv(upper) || MORE_CODE_ENV.has(upper)) return 'it decides what code runs (a preloaded module, a library or startup file, the program git or a version manager runs)';
  if (TRANSPORT_ENV.has(upper)) return 'it lets another server answer for the package registry (a proxy or a certificate authority)';
  if (WINDOWS_RUNNER_ENV.has(upper)) return 'it chooses which program runs a command on Windows';
  if (CONFIG_LOCATION_ENV.has(upper) || upper.startsWith('XDG_')) return 'it moves where npx, uvx or docker read their configuration';
  if (RUNNER_PREFIXES.some((prefix) => upper.startsWith(prefix))) return 'it changes where npx, uvx, pip or docker fetch the pinned package from, or how';
  return undefined;
}

/** Whether a registry entry may not set this variable. */
export function refusedEntryVariable(name: string): boolean {
  return entryVariableRefusal(name) !== undefined;
}

/**
 * A variable a registry entry sets for its command must not decide what code runs, where the package
 * comes from, or where the runtime reads its configuration. The person may still set one themselves
 * (`servers edit NAME --env`), which is their own choice and approved as such.
 */
export function checkEntryVariable(name: string): void {
  const why = entryVariableRefusal(name);
  if (why === undefined) return;
  throw new CodedError('invalid_input', `The registry entry sets the variable ${JSON.stringify(name.slice(0, 80))}, which is not accepted from a registry: ${why}.`, {
    hint: 'If you want it, set it yourself after adding the entry: connected-services servers edit NAME --env VARIABLE=VALUE',
  });
}
