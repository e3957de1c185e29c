import { API_EVENTS, API_METHODS, type ApiEvent, type ApiEventPayload, type ApiInput, type ApiMethod, type ApiOutput } from '../../../shared/api';
import type { WireError } from '../../../shared/errors';
import { CALL_CHANNEL, CallReplySchema, EVENT_CHANNEL, EVENT_READ_CHANNEL, PageMessageSchema, type CallRequest } from '../ipc/ipc-protocol';

/** What the preload needs of ipcRenderer, and nothing more: it is never handed to the page. */
export interface PreloadTransport {
  invoke(channel: typeof CALL_CHANNEL, request: CallRequest): Promise<unknown>;
  /** Delivers each message of the channel (without the IPC event object). */
  subscribe(channel: typeof EVENT_CHANNEL, handler: (message: unknown) => void): void;
  /** Tells the main process the page has handled the event messages up to `seq`. */
  send(channel: typeof EVENT_READ_CHANNEL, seq: number): void;
  /** Runs `task` after the messages already queued (one acknowledgement for a burst); `setTimeout(task, 0)`. */
  later(task: () => void): void;
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
  /** Called when events were withheld from this page (it had stopped reading): load everything again. */
  onEventsMissed(listener: () => void): () => void;
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

/** Builds the object the preload exposes, from the contract: every method of API_METHODS, plus `on` and `onEventsMissed`. */
export function buildPreloadApi(transport: PreloadTransport): ConnectedServicesApi {
  const listeners = new Map<ApiEvent, Set<(payload: unknown) => void>>();
  const missed = new Set<() => void>();
  let read = 0;
  let reporting = false;
  const call = (listener: (payload?: unknown) => void, payload?: unknown): void => {
    try {
      listener(payload);
    } catch (error) {
      console.error(error);
    }
  };
  transport.subscribe(EVENT_CHANNEL, (message) => {
    const parsed = PageMessageSchema.safeParse(message);
    if (!parsed.success) return;
    const data = parsed.data;
    if ('reload' in data) for (const listener of [...missed]) call(listener);
    else for (const listener of [...(listeners.get(data.event) ?? [])]) call(listener, data.payload);
    // Reported once the queue is handled: the main process withholds events from a page that does not read.
    read = data.seq;
    if (reporting) return;
    reporting = true;
    transport.later(() => {
      reporting = false;
      transport.send(EVENT_READ_CHANNEL, read);
    });
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
  api['onEventsMissed'] = (listener: unknown): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError('A listener must be a function');
    const callback = listener as () => void;
    missed.add(callback);
    return () => {
      missed.delete(callback);
    };
  };
  return Object.freeze(api) as ConnectedServicesApi;
}
