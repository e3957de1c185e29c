import { describe, expect, it } from 'vitest';
import { LazyAbort } from '../pool';
import { laneContext, LaneMcpReq } from './modern-lane-context';

describe("a lane request's mcpReq", () => {
  it('carries the envelope as a plain member, as the SDK spreads it into its context, and none when there is none', () => {
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
    const withOne = new LaneMcpReq(1, undefined, envelope, new LazyAbort(), () => undefined);
    // Protocol's context: `...(lifted.envelope !== undefined && { envelope: lifted.envelope })`.
    const sdks = { ...(envelope !== undefined && { envelope }) };
    expect(Object.getOwnPropertyDescriptor(withOne, 'envelope')).toEqual(Object.getOwnPropertyDescriptor(sdks, 'envelope'));
    const without = new LaneMcpReq(2, undefined, undefined, new LazyAbort(), () => undefined);
    expect(Object.hasOwn(without, 'envelope')).toBe(false);
    expect(laneContext(without)).toEqual({ sessionId: undefined, mcpReq: without, http: undefined });
  });
});
