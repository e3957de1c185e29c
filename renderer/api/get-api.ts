import { API_METHODS, type ApiMethod, type AppApi } from '../../shared/api';
import { CodedError, WireErrorSchema } from '../../shared/errors';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in web mode. */
    connectedServices?: AppApi;
  }
}

function looksLikeApi(value: unknown): value is AppApi {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate['on'] === 'function' && typeof candidate['status'] === 'function';
}

/**
 * The preload's API behaves like the HTTP client: its rejections (plain `{ code, message, hint }`
 * objects, since an Error loses its fields at the context bridge) become CodedErrors, and its
 * answers are parsed with the contract, so screens cannot tell the two transports apart.
 */
export function fromPreload(api: AppApi): AppApi {
  const methods = Object.fromEntries(
    (Object.keys(API_METHODS) as ApiMethod[]).map((method) => [
      method,
      async (input: unknown) => {
        let result: unknown;
        try {
          result = await (api[method] as (input: unknown) => Promise<unknown>)(input);
        } catch (reason) {
          const wire = WireErrorSchema.safeParse(reason);
          throw wire.success ? CodedError.fromWire(wire.data) : new CodedError('internal', `App API ${method} failed`);
        }
        return API_METHODS[method].output.parse(result);
      },
    ]),
  ) as Omit<AppApi, 'on'>;
  return { ...methods, on: (event, listener) => api.on(event, listener) };
}

/** The Electron preload's App API, undefined in web mode. */
export function preloadApi(scope: { connectedServices?: unknown } = window): AppApi | undefined {
  return looksLikeApi(scope.connectedServices) ? fromPreload(scope.connectedServices) : undefined;
}

/** Subscribes to the word that events were withheld from this page; returns the unsubscribe. */
export type OnEventsMissed = (listener: () => void) => () => void;

/**
 * The preload's `onEventsMissed`: the app stops sending events to a window that does not read them,
 * and says so once it reads again. Undefined in web mode (its stream reconnects instead).
 */
export function preloadEventsMissed(scope: { connectedServices?: unknown } = window): OnEventsMissed | undefined {
  const api = scope.connectedServices;
  if (!looksLikeApi(api)) return undefined;
  const subscribe = (api as unknown as Record<string, unknown>)['onEventsMissed'];
  return typeof subscribe === 'function' ? (listener) => (subscribe as OnEventsMissed)(listener) : undefined;
}
