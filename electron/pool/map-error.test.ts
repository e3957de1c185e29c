import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { loadClientSdk } from './client-sdk';
import { INVALID_ANSWER_TEXT, STRING_ID_TEXT } from './invalid-answer';
import { toPoolError, type ErrorContext } from './map-error';
import { protocolErrorInResult } from './protocol-error-in-result';
import { RateLimitedResponse } from './rate-limited-fetch';

// Loaded by the first connection in the app; these errors are made here without one.
beforeAll(async () => {
  await loadClientSdk();
});

const call: ErrorContext = { server: 'srv', phase: 'call', what: 'tool "x"', timeoutMs: 1500 };
const http: ErrorContext = { ...call, url: 'http://127.0.0.1:9/mcp' };

describe('toPoolError', () => {
  it('maps SDK timeouts by phase', () => {
    const timeout = new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out');
    expect(toPoolError(timeout, call)).toMatchObject({ code: 'timeout', message: 'tool "x" on "srv" did not answer within 1.5 s and was cancelled' });
    const start = toPoolError(timeout, { server: 'srv', phase: 'start', timeoutMs: 30_000 });
    expect(start).toMatchObject({ code: 'timeout', message: '"srv" did not finish starting within 30 s' });
    expect(start.hint).toContain('startupTimeoutMs');
    expect(start.hint).toContain('check that its command runs an MCP server');
  });

  it('names an HTTP server’s address, not a command it does not have, when its start times out', () => {
    const timeout = new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out');
    const start = toPoolError(timeout, { server: 'srv', phase: 'start', timeoutMs: 8000, url: 'http://127.0.0.1:9/mcp' });
    expect(start).toMatchObject({ code: 'timeout', message: '"srv" did not finish starting within 8 s' });
    expect(start.hint).toContain('check that http://127.0.0.1:9/mcp is an MCP endpoint whose answer to initialize ends');
    expect(start.hint).not.toContain('command');
  });

  it('names in the hint of a call timeout the field that set it', () => {
    const timeout = new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out');
    expect(toPoolError(timeout, call).hint).toBe('retry, or raise "timeoutMs" of "srv" in mcp.json');
    expect(toPoolError(timeout, { ...call, raise: '"x" in the "timeouts" of "srv"' }).hint).toBe('retry, or raise "x" in the "timeouts" of "srv" in mcp.json');
  });

  // An agent was told to raise timeoutMs in mcp.json, a file only the person can edit.
  it("tells an agent to ask the person to raise a call's timeout", () => {
    const timeout = new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out');
    expect(toPoolError(timeout, call).data).toMatchObject({ agentHint: 'retry later, or ask the person to raise "timeoutMs" of "srv" in mcp.json' });
    expect(toPoolError(timeout, { ...call, ownTimeout: true }).data?.['agentHint']).toBeUndefined();
  });

  // `call --timeout 500` timed out with a hint to raise mcp.json's timeoutMs, which had not set it.
  it("says a call's own timeout was the call's, not mcp.json's", () => {
    const timeout = new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out');
    expect(toPoolError(timeout, { ...call, ownTimeout: true }).hint).toBe('this call gave itself 1.5 s: retry with a longer timeout (`call --timeout MS`, a program\'s timeoutMs)');
  });

  it('explains a closed stdio connection with the exit and the last stderr line', () => {
    const closed = new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed');
    const error = toPoolError(closed, {
      ...call,
      ended: () => ({ exit: { code: 3, signal: null }, stderr: 'starting\nfatal: GITHUB_TOKEN=abc123456789 bad\n', byUs: false }),
    });
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('"srv" exited with code 3 during tool "x": fatal: GITHUB_TOKEN=[redacted] bad');
    expect(error.data?.['stderr']).toContain('starting');
    // What the server printed is the person's: agents are told the exit alone.
    expect(error.data?.['agentMessage']).toBe('"srv" exited with code 3 during tool "x"');
    const stopped = toPoolError(closed, { ...call, ended: () => ({ stderr: '', byUs: true }) });
    expect(stopped.message).toBe('"srv" was stopped during tool "x"');
  });

  it('says a server that ended after answering its handshake, while its start went on, ended right after it started', () => {
    const closed = new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed');
    const start: ErrorContext = { server: 'srv', phase: 'start', timeoutMs: 30_000 };
    const ended = (info: { exit?: { code: number | null; signal: NodeJS.Signals | null }; byUs?: boolean; answered?: boolean }) =>
      toPoolError(closed, { ...start, ended: () => ({ stderr: 'loaded\nno work: API_KEY=abcdef123456\n', byUs: false, ...info }) });
    expect(ended({ exit: { code: 0, signal: null }, answered: true })).toMatchObject({
      code: 'server_unavailable',
      message: '"srv" exited with code 0 right after it started: no work: API_KEY=[redacted]',
      // The tail as the transport kept it (redacted there), whole.
      data: { stderr: expect.stringContaining('loaded\n') as unknown },
    });
    expect(ended({ exit: { code: null, signal: 'SIGKILL' }, answered: true }).message).toBe('"srv" was killed by SIGKILL right after it started: no work: API_KEY=[redacted]');
    // Before it answered it had not started; one we stopped was stopped, whenever.
    expect(ended({ exit: { code: 2, signal: null }, answered: false }).message).toBe('"srv" exited with code 2 while starting: no work: API_KEY=[redacted]');
    expect(ended({ byUs: true, answered: true }).message).toBe('"srv" was stopped while starting');
    expect(toPoolError(closed, { ...call, ended: () => ({ exit: { code: 0, signal: null }, stderr: '', byUs: false, answered: true }) }).message).toBe('"srv" exited with code 0 during tool "x"');
  });

  it('maps HTTP failures to codes with hints', () => {
    const unauthorized = toPoolError(new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint: nope', { status: 401 }), http);
    expect(unauthorized).toMatchObject({ code: 'auth_required', hint: 'run `connected-services connect srv`' });
    expect(toPoolError(new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', { status: 403 }), http).code).toBe('auth_required');
    expect(toPoolError(new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', { status: 429 }), http).code).toBe('rate_limited');
    expect(toPoolError(new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', { status: 500 }), http)).toMatchObject({
      code: 'server_unavailable',
      hint: 'is the server running at http://127.0.0.1:9/mcp?',
    });
    // The answer's body is shown only when it is a JSON-RPC message: agents read this text.
    const page = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint: INTERNAL-ADMIN-PAGE session=abcd1234', { status: 400 });
    expect(toPoolError(page, http).message).toBe('"srv" answered HTTP 400 (its answer is not an MCP message and is not shown)');
    const rpc = 'Error POSTing to endpoint: {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Unsupported protocol version"}}';
    expect(toPoolError(new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, rpc, { status: 400 }), http).message).toBe(`"srv" answered HTTP 400: ${rpc}`);
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    expect(toPoolError(refused, http)).toMatchObject({
      code: 'server_unavailable',
      message: 'could not reach "srv" at http://127.0.0.1:9/mcp (ECONNREFUSED): nothing answers there',
      hint: 'is the server running at http://127.0.0.1:9/mcp?',
    });
  });

  it('names headers too large to read, not "could not reach"', () => {
    const overflow = new TypeError('fetch failed', { cause: Object.assign(new Error('Headers Overflow Error'), { code: 'UND_ERR_HEADERS_OVERFLOW' }) });
    expect(toPoolError(overflow, http)).toMatchObject({
      code: 'server_unavailable',
      message: '"srv" at http://127.0.0.1:9/mcp answered with headers too large to read (UND_ERR_HEADERS_OVERFLOW; over 16 KiB by default)',
    });
  });

  it('keeps the wait of a 429 in the message, the hint and data.retryAfterMs', () => {
    const limited = toPoolError(new RateLimitedResponse(60_000), http);
    expect(limited).toMatchObject({
      code: 'rate_limited',
      message: '"srv" is rate limiting requests (HTTP 429); retry after 60 s',
      hint: 'wait 60 s, then retry',
      data: { status: 429, retryAfterMs: 60_000 },
    });
    // A 429 that said no wait, and the SDK's own error for one, are as before.
    for (const unknown of [new RateLimitedResponse(undefined), new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'x', { status: 429 })]) {
      const error = toPoolError(unknown, http);
      expect(error).toMatchObject({ code: 'rate_limited', message: '"srv" is rate limiting requests (HTTP 429)', hint: 'wait a moment and retry' });
      expect(error.data?.['retryAfterMs']).toBeUndefined();
    }
  });

  it('makes a JSON-RPC error whose data carries retry_after rate_limited, with the wait', () => {
    const error = toPoolError(new ProtocolError(-32000, 'too many requests', { retry_after: 30 }), call);
    expect(error).toMatchObject({
      code: 'rate_limited',
      message: '"srv" is rate limiting requests during tool "x": too many requests; retry after 30 s',
      data: { mcpCode: -32000, retryAfterMs: 30_000 },
    });
    // A retry_after that is no wait leaves the error as it was.
    expect(toPoolError(new ProtocolError(-32000, 'boom', { retry_after: -3 }), call).code).toBe('server_unavailable');
    expect(toPoolError(new ProtocolError(-32000, 'boom', { retry_after: 'soon' }), call).code).toBe('server_unavailable');
  });

  it('maps JSON-RPC errors of the server, and redacts CodedErrors passed through', () => {
    expect(toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, 'bad'), call).code).toBe('invalid_input');
    expect(toPoolError(new ProtocolError(ProtocolErrorCode.MethodNotFound, 'no'), call).code).toBe('not_found');
    expect(toPoolError(new ProtocolError(ProtocolErrorCode.InternalError, 'boom'), call).code).toBe('server_unavailable');
    const passed = toPoolError(new CodedError('denied', 'Bearer abcdefghijkl refused', { hint: 'API_KEY=supersecret' }), call);
    expect(passed).toMatchObject({ code: 'denied', message: 'Bearer [redacted] refused', hint: 'API_KEY=[redacted]' });
  });

  it('tells a server\'s own error -32000 from the SDK\'s closed connection', () => {
    const own = toPoolError(new ProtocolError(-32000, 'MCP error -32000: rate limit of API_KEY=abcdef123456 hit'), call);
    expect(own).toMatchObject({ code: 'server_unavailable', message: '"srv" answered with an error during tool "x": rate limit of API_KEY=[redacted] hit', data: { mcpCode: -32000 } });
    // A server's controls (ESC clearing the screen, OSC 52 writing the clipboard) are shown escaped, never sent to a terminal.
    const hostile = toPoolError(new ProtocolError(-32000, '\u001b[2Jgone \u001b]52;c;aGk=\u0007\u009b'), call);
    expect(hostile.message).toBe('"srv" answered with an error during tool "x": \\u001b[2Jgone \\u001b]52;c;aGk=\\u0007\\u009b');
    const closed = toPoolError(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'), { ...call, ended: () => ({ stderr: '', byUs: true }) });
    expect(closed.message).toBe('"srv" was stopped during tool "x"');
  });

  it("words a malformed answer as the server's fault, not as an error it reported", () => {
    for (const text of [INVALID_ANSWER_TEXT, STRING_ID_TEXT]) {
      const broken = toPoolError(new ProtocolError(ProtocolErrorCode.InternalError, text), call);
      expect(broken).toMatchObject({ code: 'internal', message: `"srv" broke JSON-RPC during tool "x": ${text}` });
      expect(broken.hint).toBe('the server\'s answer is not valid JSON-RPC, so none of it is used; tell the maintainers of "srv"');
    }
    // The same words under another code are the server's own.
    expect(toPoolError(new ProtocolError(-32000, INVALID_ANSWER_TEXT), call).hint).toContain('reported this error itself');
  });

  it('maps -32602 to not_found for an unknown name and invalid_input for bad arguments, with hints', () => {
    const unknown = toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, 'MCP error -32602: Tool ecoh not found'), call);
    expect(unknown).toMatchObject({ code: 'not_found', message: '"srv" has no tool "x": Tool ecoh not found', hint: 'run `connected-services tools srv --refresh` to see what it offers now (its tools may have changed since they were listed)' });
    expect(toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, 'Unknown tool: ecoh'), call).code).toBe('not_found');
    // A name with a space is still a name (not the arguments' fault), and a long one is said in part.
    expect(toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, 'Tool bad tool not found'), { ...call, what: 'tool "bad tool"' }).code).toBe('not_found');
    // …but only the name asked: an argument or a file "not found" is the arguments' fault.
    const readFile = { ...call, what: 'tool "read_file"' };
    for (const text of ["Tool read_file: required argument 'path' not found", 'Tool arguments invalid: property "path" not found', 'Tool read_file failed: file /tmp/x not found']) {
      expect(toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, text), readFile).code, text).toBe('invalid_input');
    }
    expect(toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, "Prompt argument 'topic' not found"), { ...call, what: 'prompt "brief"' }).code).toBe('invalid_input');
    expect(toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, 'Tool "a.b (c)" not found'), { ...call, what: 'tool "a.b (c)"' }).code).toBe('not_found');
    // Other servers' wordings of the same, the name asked quoted or not, a full stop or not.
    for (const text of ["Tool 'x' not found.", 'Tool not found: x', 'Tool `x` does not exist', 'No tool named "x"', 'Tool x not found.']) {
      expect(toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, text), call).code, text).toBe('not_found');
    }
    // …of that name only.
    for (const text of ['Tool not found: y', 'Tool not found: x.path', "Tool x: argument 'path' not found."]) {
      expect(toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, text), call).code, text).toBe('invalid_input');
    }
    const long = toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${'a'.repeat(10_000)} not found`), { ...call, what: `tool "${'a'.repeat(10_000)}"` });
    expect({ code: long.code, short: long.message.length < 600 }).toEqual({ code: 'not_found', short: true });
    const invalid = toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, 'Input validation error: expected string, received number at message'), call);
    expect(invalid).toMatchObject({ code: 'invalid_input', message: '"srv" rejected the arguments of tool "x": Input validation error: expected string, received number at message' });
    expect(invalid.hint).toContain('input schema');
    // A result breaking the tool's output schema is the server's fault: not said to be the arguments'.
    const broken = toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, "Structured content does not match the tool's output schema: data/temp must be number"), call);
    expect(broken).toMatchObject({ code: 'internal', message: `"srv" answered tool "x" with a result that breaks its own output schema: Structured content does not match the tool's output schema: data/temp must be number` });
    expect(broken.hint).toContain('connected-services tools srv --json');
    // A call the SDK client refused before sending it (the tool's output schema does not compile) is the server's fault too.
    const uncompilable = toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, "Tool 'x' has an invalid outputSchema: can't resolve reference #/nope from id #"), call);
    expect(uncompilable).toMatchObject({ code: 'internal', message: `"srv" lists tool "x" with an output schema that cannot be compiled, so the call was not sent: Tool 'x' has an invalid outputSchema: can't resolve reference #/nope from id #` });
    expect(uncompilable.hint).toContain("tell the server's maintainers");
    expect(uncompilable.data?.['agentHint']).toContain('not your arguments');
    // A result the server's own MCP library refused (its handler returned no valid result) is the server's fault too.
    const malformed = toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid tools/call result: [\n  {\n    "expected": "array",\n    "path": ["content"]\n  }\n]'), call);
    expect(malformed).toMatchObject({ code: 'internal', message: '"srv" answered tool "x" with a result MCP does not allow: Invalid tools/call result: [ { "expected": "array", "path": ["content"] } ]' });
    expect(malformed.hint).toContain("not the arguments' fault");
    expect(malformed.data?.['agentHint']).toContain('not your arguments');
    // The hint names the listing of what was asked for.
    const resource = toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, 'Resource demo://nope not found'), { ...call, what: 'resource demo://nope' });
    expect(resource.hint).toContain('run `connected-services resources srv --refresh` to see what it offers now');
    const prompt = toPoolError(new ProtocolError(ProtocolErrorCode.InvalidParams, 'Prompt nope not found'), { ...call, what: 'prompt "nope"' });
    expect(prompt.hint).toContain('run `connected-services prompts srv --refresh` to see what it offers now');
  });

  it('finds a protocol error in a tool result the SDK made of it, and leaves tool errors alone', () => {
    const disguised = { isError: true, content: [{ type: 'text', text: 'MCP error -32602: Tool ecoh not found' }] };
    expect(protocolErrorInResult(disguised, call)?.code).toBe('not_found');
    const invalid = { isError: true, content: [{ type: 'text', text: 'MCP error -32602: Input validation error: Invalid arguments for tool echo' }] };
    expect(protocolErrorInResult(invalid, call)?.code).toBe('invalid_input');
    expect(protocolErrorInResult({ isError: true, content: [{ type: 'text', text: 'the file was not found' }] }, call)).toBeUndefined();
    expect(protocolErrorInResult({ content: [{ type: 'text', text: 'MCP error -32602: Tool ecoh not found' }] }, call)).toBeUndefined();
  });
});
