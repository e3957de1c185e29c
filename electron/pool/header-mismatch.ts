import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { isProtocolError } from './rpc-codes';

/**
 * MCP 2026-07-28 transports/streamable-http (SEP-2243): a server answers `-32020` (HeaderMismatch,
 * HTTP 400) when the `Mcp-Param-*` headers a client mirrored from a tool's input schema
 * (`x-mcp-header`) disagree with what it expects, as when its schema changed since it was listed.
 */
export const HEADER_MISMATCH = -32020;

/**
 * Lists the server's tools again, within the bounds of every listing (listing-bound.ts); throws what
 * stopped it, or the signal's reason once its caller gave up. `join`: a listing of the tools under way
 * will do (a call that mismatched shares it with the others that did). True when it joined one.
 */
export type RelistTools = (options: { signal?: AbortSignal | undefined; join?: boolean | undefined }) => Promise<boolean>;

export function isHeaderMismatch(error: unknown): boolean {
  return isProtocolError(error) && error.code === HEADER_MISMATCH;
}

/** A header mismatch again after the tools were listed anew: the server's listing and its checks disagree. */
export function stillMismatched(server: string, tool: string, error: Error): CodedError {
  const text = error.message.replace(/^(?:MCP error -?\d+: )+/, '').slice(0, 300);
  return new CodedError(
    'internal',
    redact(`"${server}" refused tool "${tool}" for its Mcp-Param headers (-32020, header mismatch) again after its tools were listed anew: ${text}`),
    {
      hint: redact(
        `the headers mirrored from the tool's input schema ("x-mcp-header") disagree with what the server expects, even as it lists them now (\`connected-services tools ${server} --json\` shows the schema); tell the server's maintainers`,
      ),
      data: { rpcCode: HEADER_MISMATCH },
    },
  );
}
