export { createHttpClient } from './http-client';
export type { HttpClientOptions } from './http-client';
export { getApi } from './get-api';
