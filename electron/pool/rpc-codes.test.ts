import { ErrorCode, McpError, UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { isMcpError, RPC_ERROR } from './rpc-codes';

describe('RPC_ERROR', () => {
  it("holds the SDK's ErrorCode values", () => {
    for (const [name, code] of Object.entries(RPC_ERROR)) expect([name, code]).toEqual([name, ErrorCode[name as keyof typeof ErrorCode]]);
  });
});

describe('isMcpError', () => {
  it("knows the SDK's McpError and its subclasses by their shape", () => {
    expect(isMcpError(new McpError(ErrorCode.InvalidParams, 'bad'))).toBe(true);
    expect(isMcpError(new UrlElicitationRequiredError([]))).toBe(true);
  });

  it('refuses other errors, also those with a numeric code', () => {
    expect(isMcpError(Object.assign(new Error('x'), { code: -32602 }))).toBe(false);
    expect(isMcpError(new CodedError('internal', 'x'))).toBe(false);
    expect(isMcpError(Object.assign(new Error('x'), { name: 'McpError', code: 'E1' }))).toBe(false);
    expect(isMcpError({ name: 'McpError', code: -32602, message: 'x' })).toBe(false);
  });
});
