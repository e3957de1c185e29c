import { CODE_LOADING_ENV } from '../../shared/config';
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

/** Whether a registry entry may not set this variable (compared in capitals, as Windows reads them). */
export function refusedEntryVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return CODE_LOADING_ENV.has(upper) || MORE_CODE_ENV.has(upper) || TRANSPORT_ENV.has(upper) || WINDOWS_RUNNER_ENV.has(upper) || CONFIG_LOCATION_ENV.has(upper) || RUNNER_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

/**
 * A variable a registry entry sets for its command must not decide what code runs, where the package
 * comes from, or where the runtime reads its configuration. The person may still set one themselves
 * (`servers edit NAME --env`), which is their own choice and approved as such.
 */
export function checkEntryVariable(name: string): void {
  if (!refusedEntryVariable(name)) return;
  throw new CodedError('invalid_input', `The registry entry sets the variable ${JSON.stringify(name.slice(0, 80))}, which is not accepted from a registry: it decides what code runs, or where npx, uvx or docker read their configuration or fetch the pinned package from.`, {
    hint: 'If you want it, set it yourself after adding the entry: connected-services servers edit NAME --env VARIABLE=VALUE',
  });
}
