import { isStdio } from '../../shared/config';
import type { ProcessEnv } from '../../shared/core-env';
import { DEFAULT_FLOOD_LIMITS } from './flood-budget';
import { openConnection, type Connection, type ConnectionSettings, type ConnectRequest } from './connection';
import { stoppedWhileStarting } from './map-error';
import { EraVerdicts } from './era-verdicts';
import { DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_STOP_GRACE_MS, type SpawnLike } from './stdio-transport';
import type { RunLedger } from './run-ledger';
import type { PoolOptions } from './types';

/**
 * How the pool opens a connection for one server entry: its one seam to processes and the network.
 * The request's config is the entry as written; the factory resolves its references. Throws a
 * CodedError; a request whose signal aborts (the server was stopped) opens nothing.
 */
export type ConnectionFactory = (request: ConnectRequest) => Promise<Connection>;

/** The factory `createPool` uses: resolve (`${secret:…}`), then spawn (stdio) or connect (Streamable HTTP) and initialize. */
export function connectionFactory(options: PoolOptions, core: ProcessEnv, spawn?: SpawnLike, ledger?: RunLedger): ConnectionFactory {
  const resolve = options.resolve ?? ((_name, config) => Promise.resolve(config));
  // Built once: every start of every server opens its connection with the same settings.
  const settings: ConnectionSettings = {
    ...core,
    maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    stopGraceMs: options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS,
    floodLimits: { ...DEFAULT_FLOOD_LIMITS, ...options.floodLimits },
    httpFetch: options.httpFetch,
    spawn,
    eras: new EraVerdicts(options.cacheDir, { recheckMs: options.eraRecheckMs, now: core.now }),
    ledger,
  };
  return async (request) => {
    const resolved = await resolve(request.server, request.config);
    // Stopped while its secrets were read: nothing spawns.
    if (request.signal.aborted) throw stoppedWhileStarting(request.server);
    const config = request.prepare ? await request.prepare(resolved) : resolved;
    if (request.signal.aborted) throw stoppedWhileStarting(request.server);
    // Last, on what will run: a check made when the entry was added may no longer hold.
    const refusal = await options.spawnCheck?.(request.server, config);
    if (refusal) throw refusal;
    const writtenUrl = isStdio(request.config) ? undefined : request.config.url;
    return openConnection({ ...settings, ...request, config, writtenUrl });
  };
}
