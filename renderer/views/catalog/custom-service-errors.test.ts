import { describe, expect, it } from 'vitest';
import { checkSchema } from '../../forms';
import { CUSTOM_SERVICE_SCHEMA } from './custom-service-schema';

const errors = (data: unknown) => checkSchema(CUSTOM_SERVICE_SCHEMA, data).map((e) => `${e.instancePath} ${e.keyword}`);

describe('the custom service form names the field at fault', () => {
  it('an empty Command, a URL that is none, an empty API key: each under its own field, never "exactly one schema in oneOf"', () => {
    expect(errors({ name: 'svc', transport: 'stdio', command: '' })).toEqual(['/command minLength']);
    const http = errors({ name: 'svc', transport: 'http', url: 'not a url', auth: 'api_key', apiKey: '' });
    expect(http).not.toContain(' oneOf');
    expect(http.some((e) => e.startsWith('/url '))).toBe(true);
    expect(http.some((e) => e.startsWith('/apiKey '))).toBe(true);
  });
});
