import { secretNamed, type HttpServerConfig, type StdioServerConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { secretHeaderNamed } from '../../shared/text';
import type { BundleCommand } from './bundle-manifest';
import { resolveInput, type InputAsk, type SecretNaming, type InputState } from './install-inputs';
import { pinnedPackage } from './package-pins';
import { dockerArguments } from './docker-arguments';
import type { MountHost } from './docker-mounts';
import { checkEntryVariable } from './entry-env';
import { defineOwn, secretNamedValue } from './entry-secret-values';
import { bundleArguments, npxArguments, uvxArguments } from './runtime-arguments';
import type { RegistryArgument, RegistryPackage, RegistryRemote, ServerDetail } from './server-json';

export type InstallChoice = { package: number } | { remote: number };

export interface InstallPlan {
  config: StdioServerConfig | HttpServerConfig;
  /** Vault secrets to store before the entry is added: name → value. */
  secrets: Map<string, string>;
  /** Required inputs not given: ask for them (terminal, form), then plan again. */
  missing: InputAsk[];
  /** The program the command needs on this computer (`npx`, `uvx`, `docker`, a bundle's `node`). */
  runtime?: string;
  /** An mcpb package not yet unpacked: download, verify and unpack it, then plan again with its command (install-derive.ts). */
  download?: { url: string; sha256: string };
}

/** Where to get each runtime, for the message when it is missing. */
export const RUNTIME_HINTS: Readonly<Record<string, string>> = {
  npx: 'Install Node.js (it brings npx): https://nodejs.org/en/download',
  uvx: 'Install uv (it brings uvx): https://docs.astral.sh/uv/getting-started/installation/',
  docker: 'Install Docker Engine and start it: https://docs.docker.com/engine/install/',
};

function args(list: RegistryArgument[] | undefined, state: InputState): string[] {
  const out: string[] = [];
  for (const arg of list ?? []) {
    if (arg.type === 'positional') {
      const value = resolveInput(state, arg.valueHint ?? 'argument', arg);
      if (value !== undefined) out.push(value);
    } else {
      const value = resolveInput(state, arg.name.replace(/^-+/, ''), arg);
      // A flag without a value (`--verbose`) is given as is; with one, as two arguments (no shell splits them).
      // One that takes a value left out (a secret, a path, a number) is left out whole: alone, it would take the next argument as its value.
      const takesValue = arg.isSecret === true || (arg.format !== undefined && arg.format !== 'boolean');
      if (value !== undefined) out.push(arg.name, value);
      else if (!takesValue && arg.isRequired !== true && arg.default === undefined && arg.value === undefined && arg.choices === undefined) out.push(arg.name);
    }
  }
  return out;
}

function env(pkg: RegistryPackage, state: InputState): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const variable of pkg.environmentVariables ?? []) {
    checkEntryVariable(variable.name);
    const value = secretNamedValue(state, variable, 'variable', secretNamed(variable.name));
    if (value !== undefined) defineOwn(out, variable.name, value);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** An image reference with a tag or digest other than `latest` (the version is in the identifier for OCI). */
function pinnedImage(identifier: string): string {
  const digest = identifier.includes('@sha256:');
  const tag = /:[^/]+$/.exec(identifier)?.[0].slice(1);
  if (!digest && (tag === undefined || tag === 'latest')) {
    throw new CodedError('invalid_input', `The image ${identifier} names no exact version (a tag other than latest, or a digest); it is not installed.`);
  }
  if (identifier.startsWith('-')) throw new CodedError('invalid_input', `The image ${identifier} is not an image reference.`);
  return identifier;
}

type Planned = Omit<InstallPlan, 'secrets' | 'missing'>;

/** An unpacked bundle's own command (its manifest's), the registry's arguments and variables added. */
function planBundle(pkg: RegistryPackage, bundle: BundleCommand | undefined, parts: { runtimeArgs: string[]; packageArgs: string[]; environment: Record<string, string> | undefined }): Planned {
  if (pkg.fileSha256 === undefined) throw new CodedError('invalid_input', `The registry gives no fileSha256 for the bundle ${pkg.identifier}; an unverified bundle is not installed.`);
  if (!bundle) return { download: { url: pkg.identifier, sha256: pkg.fileSha256 }, config: { command: '', args: [] } };
  const env = { ...bundle.env, ...parts.environment };
  const config: StdioServerConfig = { command: bundle.command, args: [...parts.runtimeArgs, ...bundle.args, ...parts.packageArgs], ...(Object.keys(env).length > 0 ? { env } : {}), cwd: bundle.cwd };
  // A bare name (`node`, `python3`) must be on PATH; a path names a file inside the bundle.
  return /[\\/]/.test(bundle.command) ? { config } : { config, runtime: bundle.command };
}

function planPackage(server: string, pkg: RegistryPackage, state: InputState, bundle: BundleCommand | undefined, mounts: MountHost | undefined): Planned {
  if (pkg.transport.type !== 'stdio') {
    throw new CodedError('invalid_input', `This package runs its own ${pkg.transport.type} server; pick a remote or a stdio package instead.`);
  }
  if (pkg.identifier.startsWith('-')) throw new CodedError('invalid_input', `The package ${pkg.identifier} is not a package name.`);
  const runtimeArgs = args(pkg.runtimeArguments, state);
  const packageArgs = args(pkg.packageArguments, state);
  const environment = env(pkg, state);
  const withEnv = (config: StdioServerConfig): StdioServerConfig => (environment ? { ...config, env: environment } : config);
  switch (pkg.registryType) {
    case 'npm':
      return { runtime: 'npx', config: withEnv({ command: 'npx', args: [...npxArguments(runtimeArgs), pinnedPackage(pkg, 'npm'), ...packageArgs] }) };
    case 'pypi':
      return { runtime: 'uvx', config: withEnv({ command: 'uvx', args: [...uvxArguments(runtimeArgs), pinnedPackage(pkg, 'pypi'), ...packageArgs] }) };
    case 'oci': {
      // Each variable passes by name only (`-e NAME`): docker takes its value from its own environment, which mcp.json sets.
      const names = Object.keys(environment ?? {}).flatMap((name) => ['-e', name]);
      // fromRegistry: its mounts are checked again before each start (docker-spawn-check.ts).
      const args = ['run', '-i', '--rm', ...dockerArguments(runtimeArgs, ...(mounts ? [mounts] : [])), ...names, pinnedImage(pkg.identifier), ...packageArgs];
      return { runtime: 'docker', config: withEnv({ command: 'docker', args, fromRegistry: server }) };
    }
    case 'mcpb':
      return planBundle(pkg, bundle, { runtimeArgs: bundleArguments(runtimeArgs), packageArgs, environment });
    default:
      throw new CodedError('invalid_input', `Packages from ${pkg.registryType} cannot be installed here (npm, pypi, oci and mcpb can).`);
  }
}

/** `https://user:password@host/…`: a credential in clear in an address, which mcp.json does not keep. */
function withUserInfo(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/** The scheme of a remote's address when it is one other than http(s) (`file:`, `javascript:`), which no MCP client can reach. */
function otherScheme(url: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim())?.[1]?.toLowerCase();
  return scheme !== undefined && scheme !== 'http' && scheme !== 'https' ? scheme : undefined;
}

function planRemote(remote: RegistryRemote, state: InputState): Planned {
  if (remote.type !== 'streamable-http') {
    throw new CodedError('invalid_input', 'This remote speaks the older HTTP+SSE transport, which is not supported; pick a Streamable HTTP remote.');
  }
  const url = resolveInput(state, 'url', { value: remote.url, ...(remote.variables ? { variables: remote.variables } : {}) }) ?? remote.url;
  const scheme = otherScheme(url);
  if (scheme !== undefined) throw new CodedError('invalid_input', `The registry entry's remote address is a ${JSON.stringify(`${scheme.slice(0, 40)}:`)} one, not http:// or https://; not installed.`);
  if (withUserInfo(url)) throw new CodedError('invalid_input', 'The registry entry\'s remote URL holds a user name or password; not installed.');
  const headers: Record<string, string> = {};
  for (const header of remote.headers ?? []) {
    const value = secretNamedValue(state, header, 'header', secretHeaderNamed(header.name));
    if (value !== undefined) defineOwn(headers, header.name, value);
  }
  return { config: { type: 'http', url, ...(Object.keys(headers).length > 0 ? { headers } : {}) } };
}

/**
 * How an entry runs, from its server.json (2025-12-11): the command of a package (npx, uvx or
 * docker run, one exact version of one named package pinned, runtime flags that change what runs refused; an unpacked mcpb's own command, its runtime's flags allow-listed too; argv only, never a shell) or the
 * address of a remote, with the person's inputs. Secrets become `${secret:…}` references and are
 * returned to store. `asked` lists every input the person may give, for a form.
 */
export function planInstall(server: ServerDetail, choice: InstallChoice, given: Readonly<Record<string, string>>, secretName: SecretNaming, bundle?: BundleCommand, mounts?: MountHost): InstallPlan & { asked: InputAsk[] } {
  const state: InputState = { given, secretName, secrets: new Map(), missing: [], asked: [] };
  let planned: Planned;
  if ('package' in choice) {
    const pkg = server.packages?.[choice.package];
    if (!pkg) throw new CodedError('invalid_input', `${server.name} has no package number ${choice.package + 1}; it lists ${server.packages?.length ?? 0}.`);
    planned = planPackage(server.name, pkg, state, bundle, mounts);
  } else {
    const remote = server.remotes?.[choice.remote];
    if (!remote) throw new CodedError('invalid_input', `${server.name} has no remote number ${choice.remote + 1}; it lists ${server.remotes?.length ?? 0}.`);
    planned = planRemote(remote, state);
  }
  return { ...planned, secrets: state.secrets, missing: state.missing, asked: state.asked };
}
