import { describe, expect, it } from 'vitest';
import { CallResultSchema } from '../../shared/api';
import { asCallResult } from './slot-calls';

describe('asCallResult: the SDK-parsed tools/call result is ours as it is', () => {
  it('returns the SDK result itself, with every key, not a copy made by a second parse', () => {
    const result = { content: [{ type: 'text', text: 'Echo: hi', extra: 1 }], structuredContent: { a: 1 }, isError: false, _meta: { k: 'v' } };
    expect(asCallResult(result)).toBe(result);
    expect(asCallResult(result)).toEqual(CallResultSchema.parse(result));
  });

  it('parses any other shape as before: the SDK compatibility form without content is refused', () => {
    expect(() => asCallResult({ toolResult: 'x' })).toThrow();
    expect(() => asCallResult({ content: [], isError: 'yes' })).toThrow();
    expect(() => asCallResult({ content: [], structuredContent: [1] })).toThrow();
  });
});
