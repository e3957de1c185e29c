import type { CoreEnv } from '../../shared/core-env';
import type { CodedError } from '../../shared/errors';
import type { Vault } from '../../shared/vault';
import type { AuthLockOptions } from './file-lock';
import type { FetchLike, Reach } from '../net';
import type { KeyedQueue } from '../fs-safe';
import type { Resolver } from './endpoint-fetch';
import type { ServerReach } from './server-reach';
import type { ServerPeers } from './server-peers';

/** What the coordinator's parts share: the core's environment (its log redacting), the injected side effects and the status bookkeeping. */
export interface CoreContext extends CoreEnv {
  vault: Vault;
  /** The injected fetch, unguarded (requests fetchFor passes on to other origins). */
  fetch: FetchLike;
  /** For endpoints a server or metadata document chose: URL checked, host resolved, address checked and pinned. */
  endpointFetch: FetchLike;
  /** For the MCP server's own URL (fetchFor): host resolved, address checked and pinned. */
  serverFetch: FetchLike;
  /** The class of the addresses a serverFetch response came from (farthest wins); undefined when no name was resolved. */
  answerReach: (response: Response) => Reach | undefined;
  /** Resolves host names: the one every request uses. */
  resolver: Resolver;
  /** How far the endpoints of the server at this URL may be, its host name resolved now, and that answer (server-reach.ts). */
  reachOf: (serverUrl: string) => Promise<ServerReach>;
  /** Where each server's connections were made (connection-fetch.ts): the reach of what the server hands over. */
  peers: ServerPeers;
  lock: AuthLockOptions;
  mutex: KeyedQueue;
  /** Resolves `${secret:…}` (server-scoped first) and `${env:…}` references. */
  resolveSecret: (server: string, value: string) => Promise<string>;
  /** Marks the server needs_auth (reported once per change). */
  markNeedsAuth: (server: string, error: CodedError, scopes?: string[]) => void;
  markConnected: (server: string) => void;
  /** Registers a record's tokens with the redactor (they are secrets wherever they show up), as the server's sign-in. */
  remember: (server: string, record: { accessToken: string; refreshToken?: string | undefined }) => void;
}
