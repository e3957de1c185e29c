import { CodedError, toCodedError } from '../../shared/errors';
import { parseTargetAuth, type AnyOAuth, type ApiKeyAuth, type AuthTarget, type FullAuthConfig } from './auth-config';
import { authStatus } from './auth-status';
import { connectOAuth, type ConnectOAuthOptions } from './connect';
import type { CoordinatorState } from './coordinator-state';
import { apiKeyHint } from './fetch-for';
import type { AuthFlow } from './token-record';
import type { AuthStatus, ConnectOptions, FlowEvent } from './types';
import { apiKeyOf } from './api-key-secret';

export interface SignInOptions {
  connect: ConnectOAuthOptions;
  state: CoordinatorState;
  emit: (event: FlowEvent, extra?: (event: FlowEvent) => void) => void;
}

function defaultFlow(auth: FullAuthConfig): AuthFlow {
  if (auth.type === 'device') return 'device';
  if (auth.type === 'client_credentials') return 'client_credentials';
  return 'browser';
}

/** The flow asked for, checked against the configured auth type: client credentials go only with their own type. */
function chooseFlow(server: string, auth: FullAuthConfig, asked: AuthFlow | undefined): AuthFlow {
  const flow = asked ?? defaultFlow(auth);
  if (auth.type === 'client_credentials' && flow !== 'client_credentials') {
    throw new CodedError('invalid_input', `"${server}" uses client credentials; it has no ${flow} sign-in.`);
  }
  if (flow === 'client_credentials' && auth.type !== 'client_credentials') {
    throw new CodedError('invalid_config', `Client credentials for "${server}" need "auth": {"type": "client_credentials", "clientId", "clientSecret"}.`);
  }
  return flow;
}

/** An API key has no sign-in: connecting checks one is there and clears needs_auth. */
async function confirmApiKey(options: SignInOptions, server: string, config: AuthTarget, auth: ApiKeyAuth): Promise<AuthStatus> {
  const { core } = options.connect;
  // A new key may have been stored since the server refused the old one.
  options.state.needs.delete(server);
  // A store that cannot answer says so (and what to do), rather than "no API key stored".
  if (auth.key !== undefined) await apiKeyOf(core, server, auth.key);
  const status = await authStatus(core, options.state.needs, server, config);
  if (!status.connected) {
    throw new CodedError('auth_required', `"${server}" has no API key stored.`, { hint: apiKeyHint(server, auth), data: { server } });
  }
  core.markConnected(server);
  return status;
}

/** Runs one OAuth sign-in (one per server at a time, cancellable), reporting `connected` or `failed`. */
async function runOAuthSignIn(options: SignInOptions, server: string, config: AuthTarget, auth: AnyOAuth, flow: AuthFlow, asked: ConnectOptions): Promise<AuthStatus> {
  const { state } = options;
  const { core } = options.connect;
  if (state.running.has(server)) {
    throw new CodedError('denied', `A sign-in to "${server}" is already running.`, { hint: 'Finish or cancel it first.' });
  }
  const controller = new AbortController();
  const signal = asked.signal ? AbortSignal.any([asked.signal, controller.signal]) : controller.signal;
  state.running.set(server, controller);
  const sink = (event: FlowEvent): void => options.emit(event, asked.onEvent);
  try {
    const record = await connectOAuth(options.connect, { server, target: config, auth, flow, signal, opener: asked.opener, emit: sink });
    core.remember(server, record);
    state.challenges.delete(server);
    core.markConnected(server);
    sink({ type: 'connected', server, scopes: record.scopes, expiresAt: record.expiresAt });
    return await authStatus(core, state.needs, server, config);
  } catch (error) {
    const coded = toCodedError(error);
    sink({ type: 'failed', server, error: coded.toWire() });
    throw coded;
  } finally {
    state.running.delete(server);
  }
}

/**
 * AuthCoordinator.connect: parse the server's auth, confirm an API key or choose the flow, then run the
 * OAuth sign-in (code + PKCE, RFC 6749 §4.1 and RFC 7636; device, RFC 8628; client credentials, RFC 6749 §4.4) in connect.ts.
 */
export async function signInServer(options: SignInOptions, server: string, config: AuthTarget, asked: ConnectOptions): Promise<AuthStatus> {
  if (options.state.closed) throw new CodedError('internal', 'The auth coordinator is closed.');
  const auth = parseTargetAuth(server, config);
  if (auth.type === 'none') {
    throw new CodedError('invalid_input', `"${server}" is configured without authorization ("auth": {"type": "none"}).`);
  }
  if (auth.type === 'api_key') return confirmApiKey(options, server, config, auth);
  const flow = chooseFlow(server, auth, asked.flow);
  return runOAuthSignIn(options, server, config, auth, flow, asked);
}
