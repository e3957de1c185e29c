import { homedir } from 'node:os';
import { join, sep } from 'node:path';
import type { AuditEntry } from '../../../shared/api';
import type { CoreEnv } from '../../../shared/core-env';
import { CodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import type { Vault } from '../../../shared/vault';
import type { AuthCoordinator } from '../../auth';
import type { CountedWindows } from '../../bridge';
import { commandLineOf, createPool, type AskRouter, type InventoryPins, type Pool, type PoolOptions } from '../../pool';
import type { Registry } from '../../registry';
import { secretLookup } from '../../vault';
import type { AskUrlChecks } from '../asks/ask-reach';
import { createAskRouter } from '../asks/ask-router';
import { authTargetOf } from '../sign-in/auth-api';
import { resolveServerConfig } from '../secrets/resolve-server';
import type { SecretStores } from '../../secret-stores';
import type { SecretFiles } from '../secrets/secret-files';
import type { ServerLogs } from '../servers/server-logs';
import { approvalCommandLine, withApprovalCommandLines } from '../servers/shown-command';
import { WaitingAsks } from '../asks/waiting-asks';
import { isDockerCommand, isStdio, serverEntry, storePasswordVariables, type ServerConfig } from '../../../shared/config';

/**
 * An entry of a bundle installed before installs wrote `cwd` runs in its bundle folder (bundle-cwd.ts).
 * The registry's code loads only for an entry that names a folder under bundles/: not at serve's start-up.
 */
async function bundleCwd(dataDir: string, config: ServerConfig): Promise<ServerConfig> {
  const bundles = join(dataDir, 'bundles') + sep;
  if (!isStdio(config) || config.cwd !== undefined) return config;
  if (![config.command, ...(config.args ?? []), ...Object.values(config.env ?? {})].some((text) => text.includes(bundles))) return config;
  const { withBundleCwd } = await import('../../mcp-registry');
  return withBundleCwd(dataDir, config);
}

/** Servers' requests (elicitation, sampling): routed to the agent or the person, audited once an audit log exists. */
export interface AskRouting {
  waiting: WaitingAsks;
  router: AskRouter;
  /** From now on requests are audited there; the counts of the last minute are written when it closes. */
  auditTo: (audit: { append(entry: AuditEntry): void; endAtClose(windows: CountedWindows): void }) => void;
}

export function routeAsks(urls: AskUrlChecks): AskRouting {
  const waiting = new WaitingAsks();
  let auditAsk: (entry: AuditEntry) => void = () => undefined;
  const router = createAskRouter({ waiting, audit: (entry) => auditAsk(entry), now: Date.now, urls });
  return {
    waiting,
    router,
    auditTo: (audit) => {
      auditAsk = (entry) => audit.append(entry);
      audit.endAtClose(router.windows);
    },
  };
}

export interface CorePoolOptions {
  core: CoreEnv;
  registry: Registry;
  vault: Vault;
  auth: AuthCoordinator;
  secretFiles: SecretFiles;
  /** The stores `${secret:STORE:PATH}` names (settings.secretStores). */
  secretStores: SecretStores;
  asks: AskRouter;
  /** Each server's lines of the pool's log, kept for the Logs tab and `logs SERVER`. */
  logs: ServerLogs;
  /** Tools and prompts pinned at approval: every listing passes through them. */
  pins: InventoryPins;
  /** What the start stopped of a crashed app process's servers (leftover-audit.ts). */
  onLeftovers?: PoolOptions['onLeftovers'];
}

/**
 * A spawn waits for the command's approval, and a connection that sends a secret for the approval
 * of where it goes (registry/command-approvals.ts); the error names what waits and the fix.
 */
function approvalGate(registry: Registry): NonNullable<PoolOptions['gate']> {
  return (name, config) => {
    if (registry.approvals.status(name, config) !== 'pending') return null;
    const hint = `Review it, then run \`connected-services servers approve ${name}\``;
    // The person (CLI, Settings) reads what waits; an agent only that the server waits, not the
    // command line or URL, which the entry's author wrote.
    const data = { server: name, agentMessage: `"${name}" waits for the person's approval` };
    if (isStdio(config)) {
      return new CodedError('denied', `The command of "${name}" is waiting for your approval: ${redact(commandLineOf(config))}`, { hint, data });
    }
    return new CodedError('denied', `"${name}" sends a secret and waits for your approval: ${redact(approvalCommandLine(config))}`, { hint, data });
  };
}

/** The pool, given its seams: secrets, the coordinator's credentials, command approvals. */
export function openCorePool(options: CorePoolOptions): Pool {
  const { registry, vault, auth } = options;
  const { env, log } = options.core;
  const gate = approvalGate(registry);
  const ownPool = createPool({
    cacheDir: join(options.core.dataDir, 'cache', 'inventory'),
    // What its stdio servers run, so a start after a crash stops what they left (leftover-runs.ts).
    runsDir: join(options.core.dataDir, 'runs'),
    onLeftovers: options.onLeftovers,
    asks: { router: options.asks },
    env,
    log: (line) => {
      options.logs.poolLine(line);
      log(line);
    },
    resolve: async (name, written) => resolveServerConfig(name, await bundleCwd(options.core.dataDir, written), {
        secret: secretLookup(vault, name),
        // Fetched at each start (and each restart for a renewed credential), never kept here.
        store: options.secretStores.resolverFor(name),
        env,
        kept: storePasswordVariables(registry.config().settings),
        secretFile: options.secretFiles.resolverFor(name),
      }),
    // Tokens come from the coordinator, which refreshes them under its locks (the SDK's own auth() would not).
    httpFetch: (name, config) => auth.fetchFor(name, config),
    // The same for programs on this computer: `${token}` and credential files.
    credential: (name, credentialOptions) => {
      const config = serverEntry(registry.config(), name);
      if (!config) return Promise.reject(new CodedError('not_found', `No server named "${name}" is configured, so it has no token to give.`, { hint: 'Fix the ${token:SERVER} reference in mcp.json.' }));
      // `${token:NAME}` in another entry: that entry's approval covers the reference, not NAME's `auth` block
      // (which key, which client); NAME's own approval does, so an unapproved edit there hands out nothing.
      const waiting = gate(name, config);
      if (waiting) {
        return Promise.reject(new CodedError('denied', `The credential of "${name}" goes to no program while its entry waits for your approval. ${waiting.message}`, { ...(waiting.hint !== undefined ? { hint: waiting.hint } : {}), data: { server: name } }));
      }
      return auth.credential(name, authTargetOf(name, config), credentialOptions);
    },
    approval: (name, config) => registry.approvals.status(name, config),
    gate,
    // The registry's code (its server.json schemas) loads only for a docker entry: not at serve's start-up.
    spawnCheck: async (name, config) => {
      if (!isStdio(config) || !isDockerCommand(config.command)) return null;
      const { dockerSpawnRefusal, mountHost } = await import('../../mcp-registry');
      return dockerSpawnRefusal(name, config, mountHost(homedir(), options.core.dataDir)) ?? null;
    },
    pins: options.pins,
  });
  // Every status shows the whole entry its approval covers (the pool's line: code-loading variables only).
  return withApprovalCommandLines(ownPool, registry);
}
