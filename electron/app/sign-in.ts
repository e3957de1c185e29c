import type { DeviceLogin, ServerStatus } from '../../shared/api';
import { CodedError, isCodedError } from '../../shared/errors';
import { stdioAuthTarget, type AuthCoordinator, type AuthTarget, type FlowEvent, type Opener } from '../auth';
import type { Pool } from '../pool';
import type { Registry } from '../registry';

export interface SignInOptions {
  flow?: 'browser' | 'device';
  /** Overrides the coordinator's opener for this sign-in (the CLI's --print-url / --open-with). */
  opener?: Opener;
  onEvent?: (event: FlowEvent) => void;
}

export interface SignInsOptions {
  auth: AuthCoordinator;
  pool: Pool;
  registry: Registry;
  /** The DeviceLogin screen's state changes. */
  onDeviceLogin: (login: DeviceLogin) => void;
}

const INTERACTIVE = new Set(['oauth', 'device']);

function deviceEnd(error: unknown, cancelled: boolean): DeviceLogin['state'] {
  if (cancelled) return 'cancelled';
  if (isCodedError(error) && error.code === 'timeout') return 'expired';
  if (isCodedError(error) && error.code === 'denied') return 'denied';
  return 'failed';
}

/**
 * Connecting a server: start it; when it needs a sign-in, run the right flow (browser or device
 * code) and start it again. One sign-in per server at a time, cancellable.
 */
export class SignIns {
  readonly #deps: SignInsOptions;
  readonly #inFlight = new Map<string, AbortController>();

  constructor(deps: SignInsOptions) {
    this.#deps = deps;
  }

  async connect(name: string, options: SignInOptions = {}): Promise<ServerStatus> {
    const config = this.#deps.registry.config().mcpServers[name];
    if (!config) throw new CodedError('not_found', `No server named "${name}" is configured`, { hint: 'See `connected-services servers list`' });
    // A program on this computer signs in only through its own "auth" block (it sends no 401).
    if ('command' in config && (config.auth === undefined || config.auth.type === 'none')) return this.#deps.pool.start(name);
    // An entry waiting for approval sends nothing, a sign-in's client secret neither: the pool's gate says what waits.
    if (this.#deps.registry.approvals.status(name, config) === 'pending') return this.#deps.pool.start(name);
    const target: AuthTarget = 'command' in config ? stdioAuthTarget(name, config) : config;
    const explicit = config.auth !== undefined && INTERACTIVE.has(config.auth.type);
    const status = await this.#deps.auth.status(name, target);
    // A pending step-up (403 insufficient_scope) needs the sign-in for the union of scopes, even while connected.
    if (status.pendingScopes === undefined && (!explicit || status.connected)) {
      try {
        return await this.#deps.pool.start(name);
      } catch (error) {
        // Servers without an auth block sign in when they ask for it (a 401), and only then.
        const asks = isCodedError(error) && error.code === 'auth_required' && (config.auth === undefined || explicit);
        // A secret store that cannot answer (locked, not approved) is not the server asking for a sign-in.
        if (!asks || error.data?.['store'] !== undefined) throw error;
      }
    }
    await this.#signIn(name, target, options);
    return this.#deps.pool.start(name);
  }

  cancel(name: string): boolean {
    const controller = this.#inFlight.get(name);
    controller?.abort();
    return controller !== undefined;
  }

  cancelAll(): void {
    for (const controller of this.#inFlight.values()) controller.abort();
  }

  async #signIn(name: string, config: AuthTarget, options: SignInOptions): Promise<void> {
    if (this.#inFlight.has(name)) {
      throw new CodedError('invalid_input', `A sign-in to "${name}" is already in progress`, { hint: 'Finish or cancel it first' });
    }
    const controller = new AbortController();
    this.#inFlight.set(name, controller);
    const flow = options.flow ?? (config.auth?.type === 'device' ? 'device' : 'browser');
    let device: DeviceLogin | undefined;
    const onEvent = (event: FlowEvent) => {
      options.onEvent?.(event);
      if (event.type === 'device_code') {
        device = {
          server: name,
          state: 'pending',
          userCode: event.userCode,
          verificationUri: event.verificationUri,
          ...(event.verificationUriComplete ? { verificationUriComplete: event.verificationUriComplete } : {}),
          expiresAt: event.expiresAt,
          intervalSeconds: Math.round(event.intervalMs / 1000),
        };
        this.#deps.onDeviceLogin(device);
      } else if (event.type === 'device_poll' && device && event.state !== 'approved') {
        device = { ...device, state: event.state, intervalSeconds: Math.round(event.intervalMs / 1000) };
        this.#deps.onDeviceLogin(device);
      } else if (event.type === 'connected' && device) {
        this.#deps.onDeviceLogin({ ...device, state: 'approved' });
      }
    };
    try {
      await this.#deps.auth.connect(name, config, {
        flow,
        signal: controller.signal,
        onEvent,
        ...(options.opener ? { opener: options.opener } : {}),
      });
    } catch (error) {
      if (device) this.#deps.onDeviceLogin({ ...device, state: deviceEnd(error, controller.signal.aborted), ...(isCodedError(error) ? { message: error.message } : {}) });
      throw error;
    } finally {
      this.#inFlight.delete(name);
    }
  }
}
