export { scrubClientBackups } from './client-backups';
export { createClientApi } from './client-api';
export type { ClientApiOptions } from './client-api';
export { clientContext, userHome } from './client-home';
export type { ClientContext } from './client-home';
export { entryName } from './client-writer';
export { AGENT_TOKENS_NAMESPACE, forgetKeptToken, keptTokenKey, readHelperToken, replaceKeptToken } from './kept-token';
export type { HelperTokenOptions } from './kept-token';
