// The library's public face (docs/library.md): `import { openConnectedServices } from 'connected-services'`.
export { openConnectedServices } from './open';
export { waitingRequest } from './person-waits';
export type { AgentEntry, CallOptions, CodeAgentHandle, ConnectedServices, Mode, OpenOptions, ServerEntry } from './types';
export { CodedError, ERROR_CODES } from '../../shared/errors';
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
