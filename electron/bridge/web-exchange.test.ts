import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { webRequest } from './web-exchange';

function incoming(headers: IncomingMessage['headers']): IncomingMessage {
  return { headers, url: '/mcp', method: 'POST' } as IncomingMessage;
}

describe('webRequest (node:http → the SDK v2 handler)', () => {
  it('carries the headers the handler reads, and not the agent token', () => {
    const request = webRequest(
      incoming({
        authorization: 'Bearer cs_agent_secret',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'everything__echo',
        cookie: 'a=b',
      }),
      new AbortController().signal,
    );
    expect(Object.fromEntries(request.headers)).toEqual({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'everything__echo',
    });
    expect(request.url).toBe('http://127.0.0.1/mcp');
  });

  it('follows the exchange abort', () => {
    const abort = new AbortController();
    const request = webRequest(incoming({ 'content-type': 'application/json' }), abort.signal);
    expect(request.signal.aborted).toBe(false);
    abort.abort();
    expect(request.signal.aborted).toBe(true);
  });
});
