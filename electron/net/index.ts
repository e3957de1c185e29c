export { isAllowedHost, isAllowedOrigin, sameSecret, newSessionSecret, presentedSecret, bearerToken } from './request-guard';
export type { FetchLike } from './fetch-like';
export { readBoundedBody, type BoundedBody } from './bounded-body';
export { LOOPBACK_TIMEOUTS, MAX_LOOPBACK_CONNECTIONS } from './loopback-timeouts';
export { guardConnections, MAX_PIPELINED, type ConnectionGuard } from './connection-guard';
export { deadline, type Deadline } from './deadline';
export { cappedResponse } from './capped-response';
export { sendableInHeader } from './header-value';
