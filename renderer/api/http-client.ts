import {
  API_EVENTS,
  API_METHODS,
  type ApiEvent,
  type ApiEventPayload,
  type ApiMethod,
  type AppApi,
  PERSON_USE_HEADER,
} from '../../shared/api';
import { CodedError, WireErrorSchema } from '../../shared/errors';
import { connectionOf, type OnConnection } from './connection';
import { openEventStream, type EventStream, type EventStreamOptions } from './event-stream';
import { idleRefusal } from './idle-refusal';
import { watchPersonInput, type Activation, type InputScope, type PersonInput } from './person-input';
import type { SseMessage } from './sse-parser';

export interface HttpClientOptions {
  /** The per-run secret, sent as `Authorization: Bearer` on every call and on the event stream. */
  token: string;
  /** Where the App API lives; same origin in web mode. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The event stream's wait before reconnecting (tests). */
  wait?: EventStreamOptions['wait'];
  /** Told whether the core answers, from every call and from the event stream (the UI's banner). */
  onConnection?: OnConnection;
  /** Told, with the server's sentence, when a call finds the session ended for want of use. */
  onIdle?: (message: string) => void;
  /**
   * Where a person's key and pointer presses arrive (`window`): a call after one is marked as use,
   * which keeps the session from ending idle. Without it no call is.
   */
  input?: InputScope;
  /** `navigator.userActivation`: a press inside an app's frame, seen when the frame next reaches the page (person-input.ts). */
  activation?: Activation;
}

/** The web-mode App API; `close` ends its event stream when the tab switches to a new secret. */
export interface HttpAppApi extends AppApi {
  close(): void;
  /** Ends the session on the server (`POST /api/sign-out`): its secret works no more. */
  signOut(): Promise<void>;
}

/** What a call aborted by its screen (an app closed while its call waited) rejects with: the core did answer. */
const stopped = (method: ApiMethod): CodedError => new CodedError('not_found', `The page stopped waiting for ${method}`);

/** `signal`: a screen that no longer waits (an app's panel closed) aborts the request, freeing the browser's connection. */
async function call(options: HttpClientOptions, person: PersonInput | undefined, method: ApiMethod, input: unknown, signal?: AbortSignal): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${options.token}` };
  if (person?.take() === true) headers[PERSON_USE_HEADER] = '1';
  let response: Response;
  try {
    response = await doFetch(`${options.baseUrl ?? ''}/api/${method}`, {
      method: 'POST',
      headers,
      // The secret travels only in the header; no cookie is used or sent.
      credentials: 'omit',
      body: JSON.stringify(input ?? {}),
      ...(signal ? { signal } : {}),
    });
  } catch {
    if (signal?.aborted === true) throw stopped(method);
    options.onConnection?.('lost');
    throw new CodedError('server_unavailable', 'The app did not answer: it has stopped.', { hint: 'Start it again, then open the address it prints.' });
  }
  options.onConnection?.(connectionOf(response.status));
  const body = (await response.json().catch(() => ({}))) as { result?: unknown; error?: unknown };
  if (signal?.aborted === true) throw stopped(method);
  if (!response.ok || body.error !== undefined) {
    const wire = WireErrorSchema.safeParse(body.error);
    const idle = idleRefusal(response.status, body);
    if (idle !== undefined) options.onIdle?.(idle);
    throw wire.success ? CodedError.fromWire(wire.data) : new CodedError('internal', `App API ${method} failed with HTTP ${response.status}`);
  }
  // The core's answer is parsed too: the UI never trusts a shape it did not check.
  return API_METHODS[method].output.parse(body.result);
}

function isApiEvent(name: string): name is ApiEvent {
  return Object.hasOwn(API_EVENTS, name);
}

/** The App API over HTTP (web mode): same contract as the Electron preload, so screens cannot tell. */
export function createHttpClient(options: HttpClientOptions): HttpAppApi {
  let stream: EventStream | undefined;
  let closed = false;
  const listeners = new Map<ApiEvent, Set<(payload: unknown) => void>>();
  const person = options.input ? watchPersonInput(options.input, { ...(options.activation ? { activation: options.activation } : {}), onUnsaid: () => void stillHere() }) : undefined;

  /** A press no call took (typing a long form): said on its own, marked, so the session does not end under it. */
  async function stillHere(): Promise<void> {
    if (closed || person?.take() !== true) return;
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}/api/still-here`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}`, [PERSON_USE_HEADER]: '1' },
        credentials: 'omit',
        body: '{}',
      });
    } catch {
      options.onConnection?.('lost');
      return;
    }
    const idle = idleRefusal(response.status, await response.json().catch(() => undefined));
    if (idle !== undefined && options.onIdle) options.onIdle(idle);
    else options.onConnection?.(connectionOf(response.status));
  }

  function deliver(message: SseMessage): void {
    if (!isApiEvent(message.event)) return;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = API_EVENTS[message.event].safeParse(data);
    if (!parsed.success) return;
    for (const listener of listeners.get(message.event) ?? []) {
      try {
        listener(parsed.data);
      } catch (error) {
        // One failing screen must not stop the others, nor the stream.
        console.error(error);
      }
    }
  }

  function ensureStream(): void {
    if (stream || closed) return;
    stream = openEventStream({
      url: `${options.baseUrl ?? ''}/api/events`,
      token: options.token,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      onMessage: deliver,
      ...(options.wait ? { wait: options.wait } : {}),
      ...(options.onConnection ? { onConnection: options.onConnection } : {}),
      ...(options.onIdle ? { onIdle: options.onIdle } : {}),
    });
  }

  const methods = Object.fromEntries(
    (Object.keys(API_METHODS) as ApiMethod[]).map((method) => [method, (input: unknown, signal?: AbortSignal) => call(options, person, method, input, signal)]),
  ) as Omit<AppApi, 'on'>;

  return {
    ...methods,
    close() {
      closed = true;
      person?.stop();
      stream?.close();
      listeners.clear();
    },
    async signOut() {
      try {
        await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}/api/sign-out`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
          credentials: 'omit',
          body: '{}',
        });
      } catch {
        // No answer: serve has stopped, and its sessions went with it.
      }
    },
    on<E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void): () => void {
      ensureStream();
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
}
