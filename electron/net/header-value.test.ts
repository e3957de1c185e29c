import { describe, expect, it } from 'vitest';
import { sendableInHeader } from './header-value';

describe('sendableInHeader (RFC 9110 §5.5)', () => {
  it('takes what fetch sends after its trim, and refuses what fetch would refuse', () => {
    for (const ok of ['sk-live-0123', 'Bearer abc.def', 'key\n', '\t key \r\n', 'caf\u00e9']) {
      expect(sendableInHeader(ok), JSON.stringify(ok)).toBe(true);
      expect(() => new Headers({ 'x-api-key': ok }), JSON.stringify(ok)).not.toThrow();
    }
    for (const bad of ['two\nlines', 'cr\rhere', 'nul\0byte', 'snow\u2603man']) {
      expect(sendableInHeader(bad), JSON.stringify(bad)).toBe(false);
      expect(() => new Headers({ 'x-api-key': bad }), JSON.stringify(bad)).toThrow();
    }
  });
});
