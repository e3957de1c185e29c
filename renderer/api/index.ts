export { createHttpClient } from './http-client';
export type { HttpClientOptions } from './http-client';
export { getApi } from './get-api';
export { takeSessionToken, TOKEN_STORAGE_KEY } from './session-token';
export type { TokenScope } from './session-token';
