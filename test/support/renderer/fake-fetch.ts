/** Test support: a fetch that records requests and answers them the way a test scripts. */

export interface FakeRequest {
  url: string;
  init: RequestInit;
  headers: Headers;
}

/** An open event-stream answer the test writes to, ends, or breaks. */
export interface FakeStream {
  response: Response;
  send(text: string): void;
  end(): void;
  fail(): void;
}

export function fakeStream(signal?: AbortSignal | null): FakeStream {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const stop = (how: 'close' | 'error') => {
    if (!open) return;
    open = false;
    if (how === 'close') controller?.close();
    else controller?.error(new TypeError('network error'));
  };
  signal?.addEventListener('abort', () => stop('error'), { once: true });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    send: (text) => controller?.enqueue(new TextEncoder().encode(text)),
    end: () => stop('close'),
    fail: () => stop('error'),
  };
}

export interface FakeFetch {
  fetch: typeof fetch;
  requests: FakeRequest[];
  /** Resolves with the n-th request (0-based) once it has been made. */
  request(n: number): Promise<FakeRequest>;
}

/** `answer` gets each request and returns its response (or throws, like a refused connection). */
export function fakeFetch(answer: (request: FakeRequest, index: number) => Response | Promise<Response>): FakeFetch {
  const requests: FakeRequest[] = [];
  const waiting = new Map<number, (request: FakeRequest) => void>();
  const impl: typeof fetch = (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request: FakeRequest = { url, init, headers: new Headers(init.headers) };
    const index = requests.push(request) - 1;
    waiting.get(index)?.(request);
    return Promise.resolve().then(() => answer(request, index));
  };
  return {
    fetch: impl,
    requests,
    request: (n) => {
      const made = requests[n];
      if (made) return Promise.resolve(made);
      return new Promise((resolve) => waiting.set(n, resolve));
    },
  };
}
