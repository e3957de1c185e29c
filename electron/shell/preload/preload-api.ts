import { API_EVENTS, API_METHODS, type ApiEvent, type ApiEventPayload, type ApiInput, type ApiMethod, type ApiOutput } from '../../../shared/api';
import type { WireError } from '../../../shared/errors';
import { CALL_CHANNEL, CallReplySchema, EVENT_CHANNEL, EventMessageSchema, type CallRequest } from '../ipc/ipc-protocol';

/** What the preload needs of ipcRenderer, and nothing more: it is never handed to the page. */
export interface PreloadTransport {
  invoke(channel: typeof CALL_CHANNEL, request: CallRequest): Promise<unknown>;
  /** Delivers each message of the channel (without the IPC event object). */
  subscribe(channel: typeof EVENT_CHANNEL, handler: (message: unknown) => void): void;
}

/**
 * `window.connectedServices`: one function per App API method and `on` for its events. A failed call
 * rejects with a plain `{ code, message, hint?, data? }` object (the shape of `WireErrorSchema`):
 * Error objects lose their fields crossing the context bridge, plain data does not.
 */
export type ConnectedServicesApi = {
  [M in ApiMethod]: (input?: ApiInput<M>) => Promise<ApiOutput<M>>;
} & {
  on<E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void): () => void;
};

export const PRELOAD_GLOBAL = 'connectedServices';

function isEvent(name: unknown): name is ApiEvent {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(API_EVENTS, name);
}

/** Deliberately a plain object, not an Error: see ConnectedServicesApi. */
function rejectWith(error: WireError): Promise<never> {
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- an Error would lose code and hint at the context bridge
  return Promise.reject(error);
}

function unwrap(reply: unknown): Promise<unknown> {
  const parsed = CallReplySchema.safeParse(reply);
  if (!parsed.success) return rejectWith({ code: 'internal', message: 'The app answered an App API call in an unexpected shape' });
  return parsed.data.ok ? Promise.resolve(parsed.data.result) : rejectWith(parsed.data.error);
}

/** Builds the object the preload exposes, from the contract: every method of API_METHODS, plus `on`. */
export function buildPreloadApi(transport: PreloadTransport): ConnectedServicesApi {
  const listeners = new Map<ApiEvent, Set<(payload: unknown) => void>>();
  transport.subscribe(EVENT_CHANNEL, (message) => {
    const parsed = EventMessageSchema.safeParse(message);
    if (!parsed.success) return;
    for (const listener of [...(listeners.get(parsed.data.event) ?? [])]) {
      try {
        listener(parsed.data.payload);
      } catch (error) {
        console.error(error);
      }
    }
  });

  const api: Record<string, unknown> = {};
  for (const method of Object.keys(API_METHODS) as ApiMethod[]) {
    api[method] = (input?: unknown) =>
      transport.invoke(CALL_CHANNEL, input === undefined ? { method } : { method, input }).then(unwrap);
  }
  api['on'] = (event: unknown, listener: unknown): (() => void) => {
    if (!isEvent(event)) throw new TypeError(`Unknown App API event "${String(event)}"`);
    if (typeof listener !== 'function') throw new TypeError('An event listener must be a function');
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    const callback = listener as (payload: unknown) => void;
    set.add(callback);
    return () => {
      set.delete(callback);
    };
  };
  return Object.freeze(api) as ConnectedServicesApi;
}
