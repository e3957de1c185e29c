import type { DeviceLogin, ServerStatus, SignInProgress } from '../../../shared/api';
import { APP_SIGN_IN, CodedError, isCodedError } from '../../../shared/errors';
import { stdioAuthTarget, type AuthCoordinator, type AuthTarget, type FlowEvent, type Opener } from '../../auth';
import type { Pool } from '../../pool';
import type { Registry } from '../../registry';
import { isStdio } from '../../../shared/config';

export interface SignInOptions {
  flow?: 'browser' | 'device';
  /** Overrides the coordinator's opener for this sign-in (the CLI's --print-url / --open-with). */
  opener?: Opener;
  onEvent?: (event: FlowEvent) => void;
  /** A sign-in to it already in progress is cancelled (and awaited), then this one starts. */
  retry?: boolean;
  /**
   * When a retry replaces this sign-in ("Start again"), end as the new one ends instead of as
   * cancelled: for a caller that must outlive a restart (addService, whose undo a cancel starts).
   */
  followRetry?: boolean;
  /**
   * False: never begin a sign-in; one that is needed is an auth_required error saying how to sign in.
   * True: sign in now even when the held credential still works (the person asked for it); the new
   * tokens replace the held ones only when they arrive, so a cancelled or failed one changes nothing.
   */
  signIn?: boolean;
  /** The pool's `stopsAsked` when the person asked: a stop asked since (during a sign-in too) keeps it stopped. */
  stopsAsked?: number;
}

export interface SignInsOptions {
  auth: AuthCoordinator;
  pool: Pool;
  registry: Registry;
  /** The DeviceLogin screen's state changes. */
  onDeviceLogin: (login: DeviceLogin) => void;
  /** Every sign-in's progress: its address, its deadline, its end. */
  onSignIn?: (progress: SignInProgress) => void;
  now?: () => number;
}

interface InFlight {
  controller: AbortController;
  /** Settles (never rejects) when the sign-in has ended and its slot is free. */
  ended: Promise<void>;
  /** Set by a retry that replaces it: how the new sign-in ends. */
  replacement?: Promise<void>;
}

const INTERACTIVE = new Set(['oauth', 'device']);

/** Where no one would follow a sign-in (`signIn: false`): the step that does it, instead of a wait. */
function needsSignIn(name: string): CodedError {
  return new CodedError('auth_required', `${name} needs a sign-in first: run \`connected-services connect ${name}\``, {
    hint: `Or ${APP_SIGN_IN}`,
    data: { server: name },
  });
}

function progressEnd(error: unknown, cancelled: boolean): SignInProgress['state'] {
  if (cancelled) return 'cancelled';
  if (isCodedError(error) && error.code === 'timeout') return 'expired';
  return 'failed';
}

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
  readonly #inFlight = new Map<string, InFlight>();
  /** The latest sign-in per server, in progress or ended (until the next one), for `list`. */
  readonly #progress = new Map<string, SignInProgress>();

  constructor(deps: SignInsOptions) {
    this.#deps = deps;
  }

  async connect(name: string, options: SignInOptions = {}): Promise<ServerStatus> {
    const config = this.#deps.registry.require(name);
    // A program on this computer signs in only through its own "auth" block (it sends no 401).
    if (isStdio(config) && (config.auth === undefined || config.auth.type === 'none')) return this.#deps.pool.start(name, options.stopsAsked);
    // An entry waiting for approval sends nothing, a sign-in's client secret neither: the pool's gate says what waits.
    if (this.#deps.registry.approvals.status(name, config) === 'pending') return this.#deps.pool.start(name, options.stopsAsked);
    const target: AuthTarget = isStdio(config) ? stdioAuthTarget(name, config) : config;
    const explicit = config.auth !== undefined && INTERACTIVE.has(config.auth.type);
    const status = await this.#deps.auth.status(name, target);
    // An API key is entered, not signed in to: asked to sign in, it starts as it is.
    const asked = options.signIn === true && config.auth?.type !== 'api_key';
    // A pending step-up (403 insufficient_scope) needs the sign-in for the union of scopes, even while connected.
    if (!asked && status.pendingScopes === undefined && (!explicit || status.connected)) {
      try {
        return await this.#deps.pool.start(name, options.stopsAsked);
      } catch (error) {
        // Servers without an auth block sign in when they ask for it (a 401), and only then.
        const asks = isCodedError(error) && error.code === 'auth_required' && (config.auth === undefined || explicit);
        // A secret store that cannot answer (locked, not approved) is not the server asking for a sign-in.
        if (!asks || error.data?.['store'] !== undefined) throw error;
      }
    }
    if (options.signIn === false) throw needsSignIn(name);
    await this.#signIn(name, target, options);
    return this.#deps.pool.start(name, options.stopsAsked);
  }

  cancel(name: string): boolean {
    const running = this.#inFlight.get(name);
    running?.controller.abort();
    return running !== undefined;
  }

  /** Cancels the sign-in to `name`, if one runs, and resolves once it has ended. */
  async cancelAndWait(name: string): Promise<void> {
    const running = this.#inFlight.get(name);
    if (!running) return;
    running.controller.abort();
    await running.ended;
  }

  cancelAll(): void {
    for (const running of this.#inFlight.values()) running.controller.abort();
  }

  /** Sign-ins in progress and the last end of each server's, oldest first. */
  list(): SignInProgress[] {
    return [...this.#progress.values()];
  }

  #report(progress: SignInProgress): void {
    this.#progress.set(progress.server, progress);
    this.#deps.onSignIn?.(progress);
  }

  async #signIn(name: string, config: AuthTarget, options: SignInOptions): Promise<void> {
    // How this sign-in ends, for one it replaces whose caller follows it (`followRetry`).
    let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
    if (options.retry === true) {
      const replaced = this.#inFlight.get(name);
      if (replaced) {
        replaced.replacement = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
        replaced.replacement.catch(() => undefined);
      }
      await this.cancelAndWait(name);
    }
    if (this.#inFlight.has(name)) {
      throw new CodedError('invalid_input', `A sign-in to "${name}" is already in progress`, {
        hint: 'Finish it on its sign-in page, or cancel it and start again (Services in the app shows its address)',
        data: { reason: 'sign_in_in_progress' },
      });
    }
    const controller = new AbortController();
    let end = (): void => undefined;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const running: InFlight = { controller, ended };
    this.#inFlight.set(name, running);
    const now = this.#deps.now ?? Date.now;
    const flow = options.flow ?? (config.auth?.type === 'device' ? 'device' : 'browser');
    const shown = config.auth?.type === 'client_credentials' ? 'client_credentials' : flow;
    let progress: SignInProgress = { server: name, flow: shown, state: 'waiting', startedAt: now() };
    this.#report(progress);
    let device: DeviceLogin | undefined;
    const onEvent = (event: FlowEvent) => {
      options.onEvent?.(event);
      if (event.type === 'browser') {
        progress = { ...progress, flow: 'browser', url: event.url, ...(event.expiresAt !== undefined ? { expiresAt: event.expiresAt } : {}) };
        this.#report(progress);
      } else if (event.type === 'device_code') {
        progress = { ...progress, flow: 'device', expiresAt: event.expiresAt };
        this.#report(progress);
        device = {
          server: name,
          state: 'pending',
          userCode: event.userCode,
          verificationUri: event.verificationUri,
          ...(event.verificationUriComplete ? { verificationUriComplete: event.verificationUriComplete } : {}),
          ...(event.ignoredCompleteOrigin ? { ignoredCompleteOrigin: event.ignoredCompleteOrigin } : {}),
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
    let followed: Promise<void> | undefined;
    try {
      await this.#deps.auth.connect(name, config, {
        flow,
        signal: controller.signal,
        onEvent,
        ...(options.opener ? { opener: options.opener } : {}),
      });
      this.#report({ ...progress, state: 'signed_in' });
      settle?.resolve();
    } catch (error) {
      // Replaced in turn: whoever follows this one follows the newest.
      const replacement = controller.signal.aborted ? running.replacement : undefined;
      if (replacement !== undefined) replacement.then(() => settle?.resolve(), (later: unknown) => settle?.reject(later));
      else settle?.reject(error);
      const message = isCodedError(error) ? error.message : undefined;
      // The authorization server's page about its error, checked where it was read (shownErrorUri).
      const errorUri = isCodedError(error) ? error.data?.['errorUri'] : undefined;
      if (device) {
        this.#deps.onDeviceLogin({
          ...device,
          state: deviceEnd(error, controller.signal.aborted),
          ...(message !== undefined ? { message } : {}),
          ...(typeof errorUri === 'string' ? { errorUri } : {}),
        });
      }
      this.#report({
        ...progress,
        state: progressEnd(error, controller.signal.aborted),
        ...(message !== undefined ? { message } : {}),
        ...(typeof errorUri === 'string' ? { errorUri } : {}),
      });
      followed = options.followRetry === true ? replacement : undefined;
      if (followed === undefined) throw error;
    } finally {
      this.#inFlight.delete(name);
      end();
    }
    // Replaced by "Start again": after the slot is free (the new sign-in waits for it), end as the new one does.
    if (followed !== undefined) await followed;
  }
}
