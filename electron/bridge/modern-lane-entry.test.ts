import type { IncomingMessage } from 'node:http';
import type { InboundModernRoute, JSONRPCRequest } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANE_REVISION } from '../mcp-wire';
import { laneRequest } from './modern-lane-entry';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': LANE_REVISION,
  'io.modelcontextprotocol/clientInfo': { name: 'entry-test', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

function call(name: string, header: string = name): { req: IncomingMessage; route: InboundModernRoute } {
  const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { message: 'hi' }, _meta: ENVELOPE } } as JSONRPCRequest;
  const req = { headers: { 'mcp-protocol-version': LANE_REVISION, 'mcp-method': 'tools/call', 'mcp-name': header } } as unknown as IncomingMessage;
  return { req, route: { kind: 'modern', messageKind: 'request', message, classification: { era: 'modern', revision: LANE_REVISION } } };
}

function entered(name: string, header?: string): boolean {
  const { req, route } = call(name, header);
  return laneRequest(req, route) !== undefined;
}

/** What the SDK reads as an encoded `Mcp-Name` (MCP 2026-07-28 basic/transports §Standard Request Headers). */
const SDK_SENTINEL = /^=\?base64\?.*\?=$/s;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the lane entry of a 2026-07-28 tools/call', () => {
  it('takes an ordinary call without running a regular expression on its headers', () => {
    const test = vi.spyOn(RegExp.prototype, 'test');
    const exec = vi.spyOn(RegExp.prototype, 'exec');
    const { req, route } = call('everything__echo');
    const lane = laneRequest(req, route);
    // Counted before anything else runs (the assertions use regular expressions of their own).
    const runs = test.mock.calls.length + exec.mock.calls.length;
    vi.restoreAllMocks();
    expect(runs).toBe(0);
    expect(lane?.checked?.params).toEqual({ name: 'everything__echo', arguments: { message: 'hi' } });
    expect(lane?.envelope).toEqual(ENVELOPE);
  });

  it('leaves every Mcp-Name the SDK reads as Base64 to the SDK, and takes the look-alikes it does not', () => {
    const names = ['=?base64?ZXZlcnl0aGluZ19fZWNobw==?=', '=?base64??=', '=?base64?a\nb?=', '=?base64?=', '=?base64?', '?=', '=?BASE64?YQ==?=', '=?base64?YQ==?=x', 'a=?base64?YQ==?=', 'plain'];
    for (const name of names) expect(entered(name), JSON.stringify(name)).toBe(!SDK_SENTINEL.test(name));
  });
});
