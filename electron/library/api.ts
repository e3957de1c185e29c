// The library's public API as declared (docs/library.md): what dist/library.d.ts is rolled up from
// and the committed API report describes. index.ts exports the implementation under these types, and
// library.test.ts checks that it has them.
import type { ConnectedServices, OpenOptions } from './types';

export type { AgentEntry, CallOptions, CodeAgentHandle, ConnectedServices, Mode, OpenOptions, ProgramApi, ServerEntry } from './types';
export type { ErrorCode } from '../../shared/errors';
export type {
  AgentView,
  ApiEvent,
  ApiEventPayload,
  ApiInput,
  ApiMethod,
  ApiOutput,
  AppApi,
  CallResult,
  CodeAgent,
  PromptInfo,
  ResourceInfo,
  ServerState,
  SecretStoreView,
  ServerStatus,
  StoreReferenceView,
  StoreUse,
  ToolInfo,
} from '../../shared/api';

/**
 * Opens the core for a data folder: through the app running for it, else in this process. Servers
 * declared in `options.servers` stand beside mcp.json's.
 */
export declare function openConnectedServices(options?: OpenOptions): Promise<ConnectedServices>;

/** The id of the request a widening waited as in the running app, if the error (`denied` or `timeout`) says so: admin log entries' `confirmation`. */
export declare function waitingRequest(error: unknown): string | undefined;

/** The one error class of the core: a code, a message, a hint that says what to do. */
export { CodedError, ERROR_CODES } from '../../shared/errors';
