import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatIssue, isEnabled, type ConfigIssue, type ServerConfig, type StdioServerConfig, isStdio } from '../../../shared/config';
import type { Approval, DoctorCheck } from '../../../shared/api';
import { redact } from '../../../shared/redact';
import type { RuntimeInfo } from '../lifecycle/runtime-file';
import { findOnPath, isCommandPath } from './find-on-path';
import { liveChecks } from './live-checks';
import { portChecks } from './port-checks';
import { isPortFree } from './port-free';
import { referenceChecks, type StoreEntryCheck } from './reference-checks';
import { argumentSecretChecks } from './argument-secret-checks';
import { nameCaseChecks } from './name-case-checks';
import { nameSeparatorChecks } from './name-separator-checks';
import { agentServerChecks, type AgentServers } from './agent-server-checks';
import { failureWords, type FailureWords } from '../../net';
import { CODE_ENTRY, type FromCode } from './code-entry';
import { wholeLineCheck } from './whole-line-check';
import { configFix } from './config-fix';
import { missingPaths } from '../servers/missing-paths';

export interface DoctorOptions {
  dataDir: string;
  configFile: string;
  configIssues: ConfigIssue[];
  servers: Record<string, ServerConfig>;
  approval: (name: string, config: ServerConfig) => Approval;
  /** approvals.json and why it was ignored (then every command waits for approval again), when it was. */
  approvalsIgnored?: { file: string; reason: string } | undefined;
  env: Record<string, string | undefined>;
  /** The default ports; the running app's real ones come from `running`. */
  ports: { ui: number; bridge: number };
  /** The app running for this data directory (runtime.json), if any. */
  running?: RuntimeInfo | undefined;
  /** `settings.bridgePort` in mcp.json. */
  bridgeSetting?: number | undefined;
  /** Whether the vault holds a secret for a server; absent: references are not checked. */
  hasSecret?: (server: string, name: string) => Promise<boolean>;
  /** Asks a secret store for a `${secret:STORE:PATH}`; absent: those references are not checked. */
  storeEntry?: (server: string, store: string, path: string) => Promise<StoreEntryCheck>;
  /** `doctor --live`: one harmless exchange through the pool per enabled server; resolves to its tool count. */
  live?: (name: string) => Promise<number>;
  liveTimeoutMs?: number;
  nodeVersion?: string;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  portFree?: (port: number) => Promise<boolean>;
  /** Mode bits of a path, or null when it does not exist. */
  modeOf?: (path: string) => number | null;
  /** Which servers were declared in code: their fixes speak of the entry in code, not of the config file. */
  fromCode?: FromCode;
  /** The agents and the servers each may use: a server none is configured as is said. */
  agents?: readonly AgentServers[];
  /** Checks contributed by other services (the vault). */
  extra?: () => Promise<DoctorCheck[]>;
  urlTimeoutMs?: number;
}

const MIN_NODE = [20, 19] as const;

function defaultModeOf(path: string): number | null {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return null;
  }
}

function nodeCheck(version: string): DoctorCheck {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const ok = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
  return ok
    ? { id: 'node', title: 'Node.js', status: 'ok', detail: `Node ${version}` }
    : { id: 'node', title: 'Node.js', status: 'fail', detail: `Node ${version} is too old`, fix: `Install Node ${MIN_NODE.join('.')} or newer` };
}

function programCheck(name: string, env: DoctorOptions['env'], neededBy: string[]): DoctorCheck {
  const found = findOnPath(name, env);
  if (found) return { id: `path:${name}`, title: `${name} on PATH`, status: 'ok', detail: found };
  const needed = neededBy.length > 0;
  const check: DoctorCheck = {
    id: `path:${name}`,
    title: `${name} on PATH`,
    status: needed ? 'fail' : 'warn',
    detail: needed ? `not found; needed by ${neededBy.join(', ')}` : 'not found (only needed by servers that use it)',
  };
  if (needed) check.fix = `Install ${name} or put it on PATH`;
  return check;
}

function dataDirCheck(dir: string, modeOf: (path: string) => number | null): DoctorCheck {
  const mode = modeOf(dir);
  if (mode === null) return { id: 'data-dir', title: 'Data directory', status: 'fail', detail: `${dir} does not exist`, fix: 'Run `connected-services status` once to create it' };
  if ((mode & 0o077) !== 0) {
    return { id: 'data-dir', title: 'Data directory', status: 'fail', detail: `${dir} is readable by other users (mode ${mode.toString(8)})`, fix: `chmod 700 "${dir}"` };
  }
  return { id: 'data-dir', title: 'Data directory', status: 'ok', detail: `${dir} (mode ${mode.toString(8)})` };
}

async function urlReachable(url: string, fetcher: NonNullable<DoctorOptions['fetch']>, timeoutMs: number): Promise<FailureWords | null> {
  try {
    // Any HTTP answer (even 401/405, or a redirect) proves the server is there. A redirect is not
    // followed: the check would otherwise reach wherever the server points, another host included.
    const answer = await fetcher(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json, text/event-stream' } });
    await answer.body?.cancel().catch(() => undefined);
    return null;
  } catch (error) {
    return failureWords(error);
  }
}

/** A path is not looked up on PATH: spawn takes it from the entry's working directory. */
function missingProgram(id: string, title: string, config: StdioServerConfig, where: string): DoctorCheck {
  if (!isCommandPath(config.command)) {
    return { id, title, status: 'fail', detail: `command "${config.command}" not found on PATH`, fix: `Install ${config.command} or fix "command" in ${where}` };
  }
  const fields = config.cwd === undefined ? '"command"' : '"command" or "cwd"';
  const path = resolve(config.cwd ?? '.', config.command);
  if (defaultModeOf(path) !== null) {
    return { id, title, status: 'fail', detail: `${path} is not an executable file`, fix: `Make it executable (chmod +x "${path}"), or fix ${fields} in ${where}` };
  }
  return { id, title, status: 'fail', detail: `there is no program at ${path}`, fix: `Install the program there, or fix ${fields} in ${where}` };
}

async function serverCheck(name: string, config: ServerConfig, deps: DoctorOptions): Promise<DoctorCheck> {
  const id = `server:${name}`;
  const title = `Server ${name}`;
  if (!isEnabled(config)) return { id, title, status: 'ok', detail: 'disabled' };
  const code = deps.fromCode?.(name) === true;
  if (isStdio(config)) {
    const where = code ? CODE_ENTRY : deps.configFile;
    // Spawn starts the child in `cwd`: without it, nothing starts, whatever the command.
    if (config.cwd !== undefined && defaultModeOf(config.cwd) === null) {
      return { id, title, status: 'fail', detail: `its working directory ${resolve(config.cwd)} does not exist`, fix: `Fix "cwd" in ${where}` };
    }
    const found = findOnPath(config.command, deps.env, process.platform, config.cwd);
    const onPath = (program: string): boolean => findOnPath(program, deps.env, process.platform, config.cwd) !== null;
    if (!found) return wholeLineCheck(id, title, name, config, where, code, onPath) ?? missingProgram(id, title, config, where);
    if (deps.approval(name, config) === 'pending') {
      return { id, title, status: 'warn', detail: 'its command is waiting for your approval', fix: `connected-services servers approve ${name}` };
    }
    // Filesystem's folder, say: the program starts, then exits at once with its own words.
    const missingArgument = missingPaths(config).find((path) => (path.kind === 'argument' || path.kind === 'argumentFolder') && path.doctorChecks);
    if (missingArgument) {
      const create = missingArgument.kind === 'argumentFolder' ? `Create ${missingArgument.path} if the server should use it` : 'If the server should find it there, create it';
      return { id, title, status: 'warn', detail: `command found at ${found}, but ${missingArgument.note}`, fix: `${create}; else fix "args" in ${where}` };
    }
    return { id, title, status: 'ok', detail: `command found at ${found}` };
  }
  // Probing is harmless (no secret is sent), but the entry will not be used until approved: say so first.
  if (deps.approval(name, config) === 'pending') {
    return { id, title, status: 'warn', detail: `${redact(config.url)}: where it sends its secrets is waiting for your approval`, fix: `connected-services servers approve ${name}` };
  }
  // A URL with a reference is probed at its origin: the probe sends no secret, nor a reference's text.
  const probed = config.url.includes('${') ? `${new URL(config.url).origin}/` : config.url;
  const failure = await urlReachable(probed, deps.fetch ?? fetch, deps.urlTimeoutMs ?? 3000);
  if (failure === null) return { id, title, status: 'ok', detail: `${redact(config.url)} is reachable` };
  const where = code ? CODE_ENTRY : 'the config';
  // A name that does not resolve is no server that is down: the fix is in the URL (or the network).
  const fix = failure.dns
    ? `Check the host name in the URL in ${where}, and the network`
    : failure.blockedPort
      ? `Serve it on another port and change the URL in ${where}`
      : `Is the server running? Check the URL in ${where}`;
  return { id, title, status: 'fail', detail: `${redact(config.url)} is not reachable${redact(failure.tail)}`, fix };
}

/** Everything a person needs to know to fix their setup, each with the fix. */
export async function runDoctor(deps: DoctorOptions): Promise<DoctorCheck[]> {
  const commands = Object.entries(deps.servers).flatMap(([name, c]) => (isStdio(c) && isEnabled(c) ? [[name, c.command] as const] : []));
  const neededBy = (program: string) => commands.filter(([, c]) => c === program).map(([n]) => n);
  const checks: DoctorCheck[] = [nodeCheck(deps.nodeVersion ?? process.version)];
  for (const program of ['node', 'npx', 'uvx']) checks.push(programCheck(program, deps.env, neededBy(program)));
  checks.push(
    deps.configIssues.length === 0
      ? { id: 'config', title: 'Config file', status: 'ok', detail: deps.configFile }
      : { id: 'config', title: 'Config file', status: 'fail', detail: deps.configIssues.map(formatIssue).join('\n'), fix: configFix(deps.configFile, deps.configIssues) },
  );
  checks.push(dataDirCheck(deps.dataDir, deps.modeOf ?? defaultModeOf));
  if (deps.approvalsIgnored !== undefined) {
    const { file, reason } = deps.approvalsIgnored;
    checks.push({
      id: 'approvals',
      title: 'Approvals file',
      status: 'warn',
      detail: `${file} is ${reason}: it is ignored, so every command waits for your approval again`,
      fix: `Fix ${file}, or approve each server again (\`connected-services servers approve NAME\`): the first approval moves the broken file aside`,
    });
  }
  const fetcher = deps.fetch ?? fetch;
  checks.push(
    ...(await portChecks({
      running: deps.running,
      defaults: deps.ports,
      bridgeSetting: deps.bridgeSetting,
      configFile: deps.configFile,
      portFree: deps.portFree ?? isPortFree,
      // The app's own ports are on this computer: the code alone says it ("does not answer (ECONNREFUSED)").
      reach: async (url) => {
        const failure = await urlReachable(url, fetcher, deps.urlTimeoutMs ?? 3000);
        return failure === null ? null : (failure.code ?? failure.words);
      },
    })),
  );
  if (deps.extra) checks.push(...(await deps.extra()));
  checks.push(...(await Promise.all(Object.entries(deps.servers).map(([name, config]) => serverCheck(name, config, deps)))));
  checks.push(...argumentSecretChecks(deps.servers, deps.fromCode));
  checks.push(...nameCaseChecks(deps.servers, deps.fromCode));
  checks.push(...nameSeparatorChecks(deps.servers));
  checks.push(...agentServerChecks(deps.agents ?? [], Object.keys(deps.servers)));
  if (deps.hasSecret || deps.storeEntry) {
    checks.push(...(await referenceChecks({ servers: deps.servers, hasSecret: deps.hasSecret, storeEntry: deps.storeEntry, env: deps.env, fromCode: deps.fromCode })));
  }
  if (deps.live) {
    checks.push(...(await liveChecks({ servers: deps.servers, approval: deps.approval, probe: deps.live, timeoutMs: deps.liveTimeoutMs ?? 20_000, fromCode: deps.fromCode })));
  }
  return checks;
}
