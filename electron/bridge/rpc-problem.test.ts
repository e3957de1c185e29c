import { describe, expect, it } from 'vitest';
import { parseJsonRpc } from './http-body';
import { rpcProblem } from './rpc-problem';

describe('rpcProblem: why a message is no valid JSON-RPC one, in words', () => {
  it('names the member at fault, never its value', () => {
    expect(rpcProblem([1])).toBe('each message must be a JSON object');
    expect(rpcProblem({ jsonrpc: '2.0', id: 1, method: 'x', token: 'ghp_secret' })).toBe('"token" is no member of a JSON-RPC message (only jsonrpc, id, method, params, result, error)');
    expect(rpcProblem({ jsonrpc: '2.0', id: 2 ** 60, method: 'x' })).toMatch(/^an id must be a string or a whole number/);
    expect(rpcProblem({ jsonrpc: '2.0', id: 1, method: 7 })).toBe('its "method" must be a string');
    expect(rpcProblem({ jsonrpc: '2.0', id: 1, method: 'x', params: { _meta: 'x' } })).toBe('its params._meta must be an object');
    expect(rpcProblem({ jsonrpc: '2.0', id: 1, method: 'x', params: { _meta: { progressToken: {} } } })).toBe('a progressToken must be a string or a whole number');
    // Nothing it can name: the plain verdict.
    expect(rpcProblem({ jsonrpc: '2.0', id: 1, method: 'x', params: { _meta: { progressToken: 'p' } } })).toBe('not a valid JSON-RPC message');
  });

  it('says a body that starts with a byte order mark is why it is no JSON', () => {
    expect(parseJsonRpc('\uFEFF{"jsonrpc":"2.0","id":1,"method":"ping"}')).toEqual({ ok: false, rpcCode: -32700, message: 'Parse error: the body is not valid JSON: it starts with a byte order mark (U+FEFF); send it without one' });
    expect(parseJsonRpc('{"jsonrpc":')).toEqual({ ok: false, rpcCode: -32700, message: 'Parse error: the body is not valid JSON' });
  });
});
