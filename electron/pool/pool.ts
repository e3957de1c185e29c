import { diffServers, serverEntry, type McpConfig, type ServerDiff } from '../../shared/config';
import { resolveProcessEnv, type ProcessEnv } from '../../shared/core-env';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { ServerStatus } from '../../shared/api';
import { Emitter } from '../../shared/events';
import { connectionFactory, type ConnectionFactory } from './connection-factory';
import { CredentialFiles, defaultRuntimeDir } from './credential-files';
import { defaultSetTimer } from './idle-timer';
import { oneAtATime } from './one-at-a-time';
import { openRunLedger } from './open-run-ledger';
import { resolveRestartPolicy } from './restart-policy';
import { ServerSlot } from './server-slot';
import type { SlotOptions } from './slot-options';
import type { SpawnLike } from './stdio-transport';
import type { Pool, PoolEvents, PoolOptions } from './types';
import { DEFAULT_ASK_TIMEOUT_MS, NO_ROUTER } from './server-asks';

/** Seams for tests that are not part of the public options. */
export interface PoolSeamOptions {
  /** Replaces the connection factory built from the options (then resolve, env and the transport limits go unused). */
  connect?: ConnectionFactory;
  spawn?: SpawnLike;
}

/** One MCP client per configured server; nothing starts until `start()` or a call. */
export function createPool(options: PoolOptions, internals: PoolSeamOptions = {}): Pool {
  const given = resolveProcessEnv(options, { env: process.env, log: () => undefined, now: Date.now });
  const log = (line: string): void => given.log(redact(line));
  const core: ProcessEnv = { ...given, log };
  const emitter = new Emitter<PoolEvents>((error) => log(`a pool event listener failed: ${String(error)}`));
  const files = new CredentialFiles({ root: options.runtimeDir ?? defaultRuntimeDir(core.env), log });
  // Credential files a crashed process left behind go at start-up, not only at the first spawn.
  if (options.credential) void files.sweep().catch((error: unknown) => log(`sweeping credential files failed: ${String(error)}`));
  const ledger = openRunLedger(options, log);
  const slotOptions: SlotOptions = {
    connect: internals.connect ?? connectionFactory(options, core, internals.spawn, ledger),
    cacheDir: options.cacheDir,
    cacheLoads: oneAtATime(),
    gate: options.gate,
    approval: options.approval ?? (() => 'not_needed'),
    now: core.now,
    setTimer: options.setTimer ?? defaultSetTimer,
    restartPolicy: resolveRestartPolicy(options.restartPolicy),
    delivery: { ...core, credential: options.credential, files, setTimer: options.setTimer ?? defaultSetTimer },
    asks: { router: options.asks?.router ?? NO_ROUTER, timeoutMs: options.asks?.timeoutMs ?? DEFAULT_ASK_TIMEOUT_MS },
    log,
    pins: options.pins,
    events: emitter,
    sessionRenewals: new Map(),
  };
  const slots = new Map<string, ServerSlot>();
  let current: McpConfig = { mcpServers: {} };
  let applying: Promise<unknown> = Promise.resolve();
  let closing: Promise<void> | undefined;
  // A decision on pinned tools changes what agents see; a fresh listing is reviewed at once, so what
  // waits for the person is known before any agent lists.
  const unpin = options.pins?.on('visible', ({ server }) => emitter.emit('inventory', { server }));
  if (options.pins) {
    emitter.on('inventory', ({ server }) => {
      void slots.get(server)?.tools().catch(() => undefined);
    });
  }

  function assertOpen(): void {
    if (closing) throw new CodedError('server_unavailable', 'the connection pool is closed', { hint: 'restart the app' });
  }

  function slot(name: string): ServerSlot {
    assertOpen();
    const found = slots.get(name);
    if (!found) {
      throw new CodedError('not_found', redact(`no server named "${name}"`), {
        hint: 'run `connected-services servers list` to see the configured servers',
      });
    }
    return found;
  }

  async function doApply(next: McpConfig): Promise<ServerDiff> {
    assertOpen();
    const diff = diffServers(current, next);
    current = next;
    const work: Promise<void>[] = [];
    for (const name of diff.added) {
      const added = new ServerSlot(name, serverEntry(next, name) as McpConfig['mcpServers'][string], next.settings, slotOptions);
      slots.set(name, added);
      // Announce it once its cached inventory (counts) is known.
      work.push(added.loaded.then(() => emitter.emit('state', added.status())));
    }
    for (const name of diff.changed) {
      const config = serverEntry(next, name);
      const changed = slots.get(name);
      if (config && changed) work.push(changed.replaceConfig(config));
    }
    for (const name of diff.removed) {
      const removed = slots.get(name);
      slots.delete(name);
      if (removed) work.push(removed.forget());
    }
    await Promise.all(work);
    for (const each of slots.values()) each.settingsChanged(next.settings);
    // What agents can see may have changed (cached tools, policy, enabled, removal): tell the bridge.
    for (const name of [...diff.added, ...diff.changed]) emitter.emit('inventory', { server: name });
    for (const name of diff.removed) emitter.emit('inventory', { server: name, removed: true });
    return diff;
  }

  async function all<T>(name: string | undefined, pick: (slot: ServerSlot) => Promise<T[]>): Promise<T[]> {
    if (name !== undefined) return pick(slot(name));
    assertOpen();
    return (await Promise.all([...slots.values()].map(pick))).flat();
  }

  const pool: Pool = {
    apply(config) {
      const result = applying.then(() => doApply(config));
      applying = result.catch(() => undefined);
      return result;
    },
    statuses: (): ServerStatus[] => [...slots.values()].map((s) => s.status()),
    status: (name) => slot(name).status(),
    async start(name, asked) {
      const target = slot(name);
      await target.start(asked);
      return target.status();
    },
    async restart(name, asked) {
      const target = slot(name);
      await target.restart(asked);
      return target.status();
    },
    stopsAsked: (name) => slots.get(name)?.stopsAsked,
    async stop(name) {
      const target = slot(name);
      await target.stop();
      return target.status();
    },
    tools: (name) => all(name, (s) => s.tools()),
    listTools: async (name) => slot(name).listTools(),
    async resources(name) {
      const parts = name !== undefined ? [await slot(name).resources()] : await Promise.all([...slots.values()].map((s) => s.resources()));
      return { resources: parts.flatMap((p) => p.resources), templates: parts.flatMap((p) => p.templates) };
    },
    prompts: (name) => all(name, (s) => s.prompts()),
    callTool: async (name, tool, args, callOptions) => slot(name).callTool(tool, args, callOptions),
    readResource: async (name, uri, callOptions) => slot(name).readResource(uri, callOptions),
    getPrompt: async (name, prompt, args, callOptions) => slot(name).getPrompt(prompt, args, callOptions),
    complete: async (name, params, callOptions) => slot(name).complete(params, callOptions),
    subscribeResource: async (name, uri, callOptions) => slot(name).subscribe(uri, callOptions),
    unsubscribeResource: async (name, uri, callOptions) => slot(name).unsubscribe(uri, callOptions),
    inventoryStale: (name) => slot(name).inventoryStale(),
    on: (event, listener) => emitter.on(event, listener),
    close() {
      closing ??= (async () => {
        await applying;
        unpin?.();
        await Promise.all([...slots.values()].map((s) => s.stop()));
        await files.close();
      })();
      return closing;
    },
  };
  return pool;
}
