import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { ProtocolError, ResourceNotFoundError, SdkError, SdkErrorCode, UrlElicitationRequiredError } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { loadClientSdk } from './client-sdk';
import { isProtocolError, RPC_ERROR } from './rpc-codes';

describe('RPC_ERROR', () => {
  it("holds the values legacy agents know as SDK 1.x's ErrorCode", () => {
    for (const [name, code] of Object.entries(RPC_ERROR)) expect([name, code]).toEqual([name, ErrorCode[name as keyof typeof ErrorCode]]);
  });
});

describe('isProtocolError', () => {
  beforeAll(async () => {
    await loadClientSdk();
  });

  it("knows the SDK's ProtocolError and its subclasses", () => {
    expect(isProtocolError(new ProtocolError(RPC_ERROR.InvalidParams, 'bad'))).toBe(true);
    expect(isProtocolError(new UrlElicitationRequiredError([]))).toBe(true);
    expect(isProtocolError(new ResourceNotFoundError('file:///x'))).toBe(true);
  });

  it("refuses other errors, also those with a numeric code or the SDK's local ones", () => {
    expect(isProtocolError(Object.assign(new Error('x'), { code: -32602 }))).toBe(false);
    expect(isProtocolError(new CodedError('internal', 'x'))).toBe(false);
    expect(isProtocolError(Object.assign(new Error('x'), { name: 'ProtocolError', code: -32602 }))).toBe(false);
    expect(isProtocolError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'))).toBe(false);
    expect(isProtocolError({ name: 'ProtocolError', code: -32602, message: 'x' })).toBe(false);
  });
});
