import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { loadClientSdk } from './client-sdk';
import { toPoolError, type ErrorContext } from './map-error';

beforeAll(async () => {
  await loadClientSdk();
});

const start: ErrorContext = { server: 'srv', phase: 'start', timeoutMs: 30_000, url: 'http://127.0.0.1:41234/mcp' };

/** undici's fetch failure: "fetch failed" over what went wrong. */
function fetchFailed(cause: Error): TypeError {
  return new TypeError('fetch failed', { cause });
}

/** As the SDK's era probe reports a request that got no answer (classifyNetworkError in the client SDK). */
function probeFailed(error: Error): SdkError {
  return new SdkError(SdkErrorCode.EraNegotiationFailed, `Version negotiation probe failed: ${error.message}`, { cause: error }, { cause: error });
}

const refused = (): Error => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:41234'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' });

describe('toPoolError: a server that cannot be reached', () => {
  it('says nothing answers at the address, under the era probe as under a plain fetch', () => {
    const expected = {
      code: 'server_unavailable',
      message: 'could not reach "srv" at http://127.0.0.1:41234/mcp (ECONNREFUSED): nothing answers there',
      hint: 'is the server running at http://127.0.0.1:41234/mcp?',
    };
    expect(toPoolError(probeFailed(fetchFailed(refused())), start)).toMatchObject(expected);
    expect(toPoolError(fetchFailed(refused()), start)).toMatchObject(expected);
    // localhost: both addresses refused, as Node's connection attempts (RFC 8305) report them.
    const both = Object.assign(new AggregateError([refused(), refused()], ''), { code: 'ECONNREFUSED' });
    expect(toPoolError(probeFailed(fetchFailed(both)), start).message).toBe(expected.message);
  });

  it('says a port fetch refuses to use is refused, not that no MCP revision is shared', () => {
    const ctx = { ...start, url: 'http://127.0.0.1:1/mcp' };
    const error = toPoolError(probeFailed(fetchFailed(new Error('bad port'))), ctx);
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('could not reach "srv" at http://127.0.0.1:1/mcp (bad port): fetch never connects to port 1, one the Fetch Standard blocks');
    expect(error.hint).toBe('serve it on another port and change the "url" of "srv" in mcp.json');
    expect(`${error.message} ${error.hint}`).not.toMatch(/revision|protocol/);
    // Pinned to the older revision there is no probe: the same words.
    expect(toPoolError(fetchFailed(new Error('bad port')), ctx).message).toBe(error.message);
  });

  it('gives the words of another failure under fetch (a certificate), with its code and no revision hint', () => {
    const cert = Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    const error = toPoolError(probeFailed(fetchFailed(cert)), { ...start, url: 'https://127.0.0.1:41234/mcp' });
    expect(error).toMatchObject({
      code: 'server_unavailable',
      message: 'could not reach "srv" at https://127.0.0.1:41234/mcp (DEPTH_ZERO_SELF_SIGNED_CERT): self-signed certificate',
      hint: 'check the "url" of "srv" in mcp.json, and that the server answers there',
    });
  });

  it('names a host name that does not resolve, with the host name to check', () => {
    const unknown = Object.assign(new Error('getaddrinfo ENOTFOUND nonexistent.invalid'), { code: 'ENOTFOUND' });
    const error = toPoolError(probeFailed(fetchFailed(unknown)), { ...start, url: 'http://nonexistent.invalid/mcp' });
    expect(error.message).toBe('could not reach "srv" at http://nonexistent.invalid/mcp (ENOTFOUND): its host name does not resolve');
    expect(error.hint).toBe('check the network and the host name in the "url" of "srv" in mcp.json');
    // The endpoint check's own reason, when it resolved the name first, is kept as it is.
    const ours = new CodedError('server_unavailable', 'Could not resolve nonexistent.invalid (for http://nonexistent.invalid/mcp): getaddrinfo ENOTFOUND nonexistent.invalid', { hint: 'Check the network and the host name, then try again.' });
    expect(toPoolError(probeFailed(ours), start).message).toBe(ours.message);
  });

  it('still says no revision is shared when the server answered and the probe found none', () => {
    const pinned = new SdkError(SdkErrorCode.EraNegotiationFailed, 'Version negotiation failed: the server did not offer pinned protocol version 2026-07-28 via server/discover (no fallback in pin mode)');
    const error = toPoolError(pinned, start);
    expect(error.message).toContain('found no MCP revision both speak');
    expect(error.hint).toContain('"protocol"');
  });
});
