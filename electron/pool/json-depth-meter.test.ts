import { describe, expect, it } from 'vitest';
import { JsonDepthMeter, SseDepthMeter } from './json-depth-meter';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const nested = (levels: number): string => `${'{"a":'.repeat(levels - 1)}[]${'}'.repeat(levels - 1)}`;

/** Feeds `text` in chunks of `size` bytes; false once past the bound. */
function within(meter: { add(chunk: Uint8Array): boolean }, text: string, size = 3): boolean {
  const all = bytes(text);
  for (let i = 0; i < all.length; i += size) if (!meter.add(all.subarray(i, i + size))) return false;
  return true;
}

describe('the depth of JSON text read as it arrives', () => {
  it('counts objects and arrays to the bound and not past it, across chunks', () => {
    expect(within(new JsonDepthMeter(10), nested(10))).toBe(true);
    expect(within(new JsonDepthMeter(10), nested(11))).toBe(false);
    expect(within(new JsonDepthMeter(2), '[{},{},[],{"a":1}]', 1)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes and all', () => {
    expect(within(new JsonDepthMeter(1), '{"a":"[[[{{{","b":"\\"[[[\\\\","c":"\\\\"}', 2)).toBe(true);
    // The escaped backslash ends before the quote: the next bracket counts.
    expect(within(new JsonDepthMeter(1), '{"a":"\\\\","b":[1]}', 1)).toBe(false);
  });

  it('over SSE, reads only data lines, each event afresh', () => {
    const event = (data: string): string => `id: "[[[{\r\nevent: message\r\ndata: ${data}\r\n\r\n`;
    expect(within(new SseDepthMeter(10), event(nested(10)) + event(nested(10)))).toBe(true);
    expect(within(new SseDepthMeter(10), event(nested(10)) + event(nested(11)))).toBe(false);
    // One event's JSON split over data lines is one text.
    const split = nested(11).replace('{"a":{"a":', '{"a":\ndata: {"a":');
    expect(within(new SseDepthMeter(10), `data: ${split}\n\n`)).toBe(false);
    expect(within(new SseDepthMeter(10), `data: ${nested(6)}\n\ndata: ${nested(6)}\n\n`, 1)).toBe(true);
  });

  it('over SSE, ends lines at a lone CR as the SDK does: a quote or bracket of one event is not carried into the next', () => {
    expect(within(new SseDepthMeter(10), `data: "\r\rdata: ${nested(11)}\r\r`)).toBe(false);
    expect(within(new SseDepthMeter(10), `data: ${nested(10)}\r\rdata: ${nested(10)}\r\r`, 1)).toBe(true);
    expect(within(new SseDepthMeter(10), `event: "\rdata: ${nested(11)}\r\r`)).toBe(false);
  });

  it('over SSE, takes a CRLF split across chunks for one line end, not a blank line that would end the event', () => {
    const meter = new SseDepthMeter(10);
    expect(meter.add(bytes(`data: ${'['.repeat(6)}\r`))).toBe(true);
    expect(meter.add(bytes(`\ndata: ${'['.repeat(6)}\r\n\r\n`))).toBe(false);
  });

  it('never counts below zero: brackets closed before any opened do not let a deeper text through', () => {
    expect(within(new JsonDepthMeter(10), ']'.repeat(20) + nested(11))).toBe(false);
    expect(within(new JsonDepthMeter(10), `[]]]}}${nested(10)}`)).toBe(true);
  });
});
