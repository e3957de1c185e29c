import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadClientSdk } from './client-sdk';
import { INVALID_ANSWER_TEXT } from './invalid-answer';
import { toPoolError, type ErrorContext } from './map-error';
import { invalidOutput } from './output-validators';
import { endsSession } from './slot-restarts';
import { serverAnswered } from './upstream-error';

// Loaded by the first connection in the app; these errors are made here without one.
beforeAll(async () => {
  await loadClientSdk();
});

const stdio: ErrorContext = { server: 'srv', phase: 'call', what: 'tool "x"', timeoutMs: 1500 };
const call: ErrorContext = { ...stdio, url: 'http://127.0.0.1:9/mcp' };

describe("a service's own JSON-RPC error, by its code (JSON-RPC 2.0 §5.1)", () => {
  it('is invalid_input for -32602 and not_found for -32601 and -32002, each naming the service', () => {
    expect(toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, 'message must be a string'), call)).toMatchObject({
      code: 'invalid_input',
      message: '"srv" rejected the arguments of tool "x": message must be a string',
      data: { mcpCode: -32602, server: 'srv' },
    });
    expect(toPoolError(new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found'), call)).toMatchObject({
      code: 'not_found',
      message: '"srv" does not support this: Method not found',
      data: { mcpCode: -32601, server: 'srv' },
    });
    const resource = { ...call, what: 'resource file:///gone' };
    expect(toPoolError(new ProtocolError(-32002, 'Resource file:///gone not found'), resource)).toMatchObject({
      code: 'not_found',
      message: '"srv" has no resource file:///gone: Resource file:///gone not found',
      hint: 'run `connected-services resources srv --refresh` to see what it offers now (its resources may have changed since they were listed)',
    });
  });

  it("is server_unavailable for any other code: the service failed, in its own words, bounded and redacted", () => {
    for (const code of [ProtocolErrorCode.InternalError, ProtocolErrorCode.InvalidRequest, ProtocolErrorCode.ParseError, -32000, -32099, 1, -1]) {
      const error = toPoolError(new ProtocolError(code, `MCP error ${code}: quota exceeded for API_KEY=quota-secret-123`), call);
      // The message on its own: an Error's message is not enumerable, so toMatchObject's diff leaves it out.
      expect(error.message, `code ${code}`).toBe('"srv" answered with an error during tool "x": quota exceeded for API_KEY=[redacted]');
      expect(error).toMatchObject({
        code: 'server_unavailable',
        hint: 'the server reported this error itself; check its log or its service, then retry',
        data: { mcpCode: code, server: 'srv' },
      });
      expect(serverAnswered(error)).toBe(true);
    }
    const long = toPoolError(new ProtocolError(-32000, `\u001b[2J${'x'.repeat(10_000)}`), call);
    expect(long.message).toBe(`"srv" answered with an error during tool "x": \\u001b[2J${'x'.repeat(496)}`);
    expect(toPoolError(new ProtocolError(-32000, 'down'), { ...call, phase: 'start' }).message).toBe('"srv" answered with an error while starting: down');
  });

  it('does not end the HTTP session that carried it, as a failure to reach the service does', () => {
    expect(endsSession(toPoolError(new ProtocolError(-32000, 'quota exceeded'), call))).toBe(false);
    const unreachable = toPoolError(new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint: bad gateway', { status: 502 }), call);
    expect(unreachable.code).toBe('server_unavailable');
    expect(serverAnswered(unreachable)).toBe(false);
    expect(endsSession(unreachable)).toBe(true);
  });
});

describe('errors of our own, or a result our checks refused, are not the service answering', () => {
  it('keeps a local timeout, closed connection and SDK failure under their own codes', () => {
    expect(toPoolError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), call).code).toBe('timeout');
    const closed = toPoolError(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'), { ...call, ended: () => ({ stderr: '', byUs: true }) });
    expect(closed).toMatchObject({ code: 'server_unavailable', message: '"srv" was stopped during tool "x"' });
    expect(serverAnswered(closed)).toBe(false);
    expect(toPoolError(new SdkError(SdkErrorCode.SendFailed, 'could not send'), call).code).toBe('internal');
    expect(toPoolError(new Error('unexpected'), stdio).code).toBe('internal');
  });

  it('keeps our words for a malformed answer, and the output-schema check of the SDK client, internal', () => {
    expect(toPoolError(new ProtocolError(ProtocolErrorCode.InternalError, INVALID_ANSWER_TEXT), call).code).toBe('internal');
    const bare = invalidOutput(ProtocolError, 'weather', {}, () => ({ valid: true, data: undefined, errorMessage: undefined }));
    expect(toPoolError(bare, { ...call, what: 'tool "weather"' })).toMatchObject({
      code: 'internal',
      message: '"srv" answered tool "weather" without the structured result its output schema promises: Tool weather has an output schema but did not return structured content',
    });
    const broken = invalidOutput(ProtocolError, 'weather', { structuredContent: { t: 1 } }, () => ({ valid: false, data: undefined, errorMessage: 'data/t must be string' }));
    expect(toPoolError(broken, call).code).toBe('internal');
    // A diagnosis an agent passes on to the person ("tell the person: …"): no second order inside it.
    for (const error of [toPoolError(bare, call), toPoolError(broken, call)]) {
      expect(error.hint).toMatch(/: a bug for the server's maintainers to fix$/);
      expect(error.data).toMatchObject({ hintKind: 'diagnosis' });
    }
  });

  it('is internal, not the arguments refused, when the output-schema check itself threw', () => {
    const threw = invalidOutput(ProtocolError, 'weather', { structuredContent: { t: 1 } }, () => {
      throw new Error('check broke');
    });
    const mapped = toPoolError(threw, { ...call, what: 'tool "weather"' });
    expect(mapped).toMatchObject({
      code: 'internal',
      message: `"srv" answered tool "weather", but its result could not be checked against the tool's output schema: Failed to validate structured content: check broke`,
    });
    expect(mapped.hint).toContain('not the arguments');
    expect(mapped.data?.['agentHint']).toContain('not at fault');
  });
});

describe("a service's error message of several lines", () => {
  it('reads as one line, its breaks as "; " rather than \\u000a, other controls still escaped', () => {
    const zod = 'Input validation error: Invalid arguments for tool get-sum: Invalid input: expected number, received string at a\nInvalid input: expected number, received undefined at b';
    expect(toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, zod), call).message).toBe(
      '"srv" rejected the arguments of tool "x": Input validation error: Invalid arguments for tool get-sum: Invalid input: expected number, received string at a; Invalid input: expected number, received undefined at b',
    );
    expect(toPoolError(new ProtocolError(-32000, 'failed\r\nok    Server github\u001b[2J'), call).message).toBe('"srv" answered with an error during tool "x": failed; ok    Server github\\u001b[2J');
  });
});
