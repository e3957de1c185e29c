export { createHttpClient } from './http-client';
export type { HttpClientOptions, HttpAppApi } from './http-client';
export { preloadApi } from './get-api';
export { takeSignInLink, watchSignInLink } from './sign-in-link';
export type { LinkScope, WatchScope } from './sign-in-link';
export { exchangeSignInLink } from './sign-in-exchange';
export type { SignInOutcome } from './sign-in-exchange';
export type { ConnectionState, OnConnection } from './connection';
