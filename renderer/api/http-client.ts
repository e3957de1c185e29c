import {
  API_EVENTS,
  API_METHODS,
  type ApiEvent,
  type ApiEventPayload,
  type ApiMethod,
  type AppApi,
} from '../../shared/api';
import { CodedError, WireErrorSchema } from '../../shared/errors';

export interface HttpClientOptions {
  /** Where the App API lives; same origin in web mode. */
  baseUrl?: string;
  fetch?: typeof fetch;
  eventSource?: (url: string) => EventSource;
}

async function call(options: HttpClientOptions, method: ApiMethod, input: unknown): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(`${options.baseUrl ?? ''}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(input ?? {}),
  });
  const body = (await response.json().catch(() => ({}))) as { result?: unknown; error?: unknown };
  if (!response.ok || body.error !== undefined) {
    const wire = WireErrorSchema.safeParse(body.error);
    throw wire.success ? CodedError.fromWire(wire.data) : new CodedError('internal', `App API ${method} failed with HTTP ${response.status}`);
  }
  // The core's answer is parsed too: the UI never trusts a shape it did not check.
  return API_METHODS[method].output.parse(body.result);
}

/** The App API over HTTP (web mode): same contract as the Electron preload, so screens cannot tell. */
export function createHttpClient(options: HttpClientOptions = {}): AppApi {
  let source: EventSource | undefined;
  const listeners = new Map<ApiEvent, Set<(payload: unknown) => void>>();

  function ensureSource(): EventSource {
    if (source) return source;
    source = (options.eventSource ?? ((url) => new EventSource(url)))(`${options.baseUrl ?? ''}/api/events`);
    for (const event of Object.keys(API_EVENTS) as ApiEvent[]) {
      source.addEventListener(event, (message: MessageEvent<string>) => {
        const parsed = API_EVENTS[event].safeParse(JSON.parse(message.data));
        if (!parsed.success) return;
        for (const listener of listeners.get(event) ?? []) listener(parsed.data);
      });
    }
    return source;
  }

  const methods = Object.fromEntries(
    (Object.keys(API_METHODS) as ApiMethod[]).map((method) => [method, (input: unknown) => call(options, method, input)]),
  ) as Omit<AppApi, 'on'>;

  return {
    ...methods,
    on<E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void): () => void {
      ensureSource();
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
