import { describe, expect, it } from 'vitest';
import { MAX_INITIALIZE_BYTES, MAX_LISTEN_BYTES, initializeRefusal, listenRefusal } from './kept-request-bounds';

const takes = (message: unknown): boolean => typeof (message as { params?: { protocolVersion?: unknown } }).params?.protocolVersion === 'string';

describe('initializeRefusal', () => {
  it('lets a body that names no initialize by, without measuring it', () => {
    const bytes = (): number => {
      throw new Error('measured');
    };
    expect(initializeRefusal({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, bytes, takes)).toBeUndefined();
    expect(initializeRefusal([{ method: 'ping' }, null, 3], bytes, takes)).toBeUndefined();
  });

  it('refuses an initialize past its bound with invalid params, naming both sizes', () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } };
    expect(initializeRefusal(body, () => MAX_INITIALIZE_BYTES, takes)).toBeUndefined();
    const refusal = initializeRefusal(body, () => MAX_INITIALIZE_BYTES + 1, takes);
    expect(refusal).toMatchObject({ status: 400, rpcCode: -32602 });
    expect(refusal?.message).toContain(`at most ${MAX_INITIALIZE_BYTES} bytes`);
    expect(refusal?.message).toContain(`this one is ${MAX_INITIALIZE_BYTES + 1}`);
  });

  it('says what an initialize the SDK does not take lacks, in a batch too', () => {
    expect(initializeRefusal({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }, () => 10, takes)).toMatchObject({ status: 400, rpcCode: -32602, message: expect.stringContaining('protocolVersion') as unknown });
    expect(initializeRefusal([{ method: 'initialize', params: {} }, { method: 'initialize', params: { protocolVersion: 'x' } }], () => 10, takes)).toBeUndefined();
  });
});

describe('listenRefusal', () => {
  it('refuses a listen past its bound, and lets any other body by unmeasured', () => {
    const listen = { jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: {} };
    expect(listenRefusal(listen, () => MAX_LISTEN_BYTES)).toBeUndefined();
    expect(listenRefusal(listen, () => MAX_LISTEN_BYTES + 1)).toMatchObject({ status: 400, rpcCode: -32602 });
    expect(
      listenRefusal({ method: 'tools/call' }, () => {
        throw new Error('measured');
      }),
    ).toBeUndefined();
  });
});
