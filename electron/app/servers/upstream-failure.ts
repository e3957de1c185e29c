import { CodedError, isCodedError } from '../../../shared/errors';

/**
 * A JSON-RPC error the service itself answered (the pool keeps its code as `data.mcpCode`) that the
 * pool left `internal`: the service failed, not Connected Services, so the App API says
 * `server_unavailable` (HTTP 503) rather than `internal` (HTTP 500). Anything else passes unchanged.
 */
export function upstreamFailure(error: unknown, server: string): unknown {
  if (!isCodedError(error) || error.code !== 'internal' || typeof error.data?.['mcpCode'] !== 'number') return error;
  return new CodedError('server_unavailable', error.message, {
    hint: error.hint ?? `"${server}" reported this error itself; check its log or its service, then retry`,
    data: { ...error.data, server },
    cause: error,
  });
}
