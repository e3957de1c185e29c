/** How a module sends an HTTP request: the global `fetch`, a guarded or authorized wrapper, or a fake in tests. */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;
