export { createHttpClient } from './http-client';
export type { HttpClientOptions, HttpAppApi } from './http-client';
export { getApi, preloadApi } from './get-api';
export { takeSessionToken, watchSessionToken, TOKEN_STORAGE_KEY } from './session-token';
export type { TokenScope, WatchScope } from './session-token';
export type { ConnectionState, OnConnection } from './connection';
