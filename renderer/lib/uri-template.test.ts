import { describe, expect, it } from 'vitest';
import { expandTemplate, templateParts } from './uri-template';

describe('URI templates, level 1 (RFC 6570)', () => {
  it('finds each variable once, in order, and names the expressions it does not expand', () => {
    expect(templateParts('demo://resource/dynamic/text/{resourceId}')).toEqual({ variables: ['resourceId'], unsupported: [] });
    expect(templateParts('x://{a}/{b.c}/{a}/{+path}{?q,r}{d*}{e:3}')).toEqual({ variables: ['a', 'b.c'], unsupported: ['{+path}', '{?q,r}', '{d*}', '{e:3}'] });
    expect(templateParts('file:///plain')).toEqual({ variables: [], unsupported: [] });
  });

  it('expands the RFC 6570 §1.2 level-1 examples', () => {
    const values = { var: 'value', hello: 'Hello World!' };
    expect(expandTemplate('{var}', values)).toBe('value');
    expect(expandTemplate('{hello}', values)).toBe('Hello%20World%21');
  });

  it('pct-encodes everything outside the unreserved set, as UTF-8 bytes', () => {
    expect(expandTemplate('x://{v}', { v: "a/b?c#d&e=f g'()*~-._" })).toBe("x://a%2Fb%3Fc%23d%26e%3Df%20g%27%28%29%2A~-._");
    expect(expandTemplate('x://{v}', { v: 'é✓' })).toBe('x://%C3%A9%E2%9C%93');
    // A percent sign is data, not an escape: it is encoded too.
    expect(expandTemplate('x://{v}', { v: '100%' })).toBe('x://100%25');
  });

  it('expands an undefined variable to nothing and leaves other expressions as written', () => {
    expect(expandTemplate('x://{a}/{b}', { a: '1' })).toBe('x://1/');
    expect(expandTemplate('x://{a}{?q}', { a: '1', q: '2' })).toBe('x://1{?q}');
  });
});
