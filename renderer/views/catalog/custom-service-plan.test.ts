import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { customServicePlan } from './custom-service-plan';

describe('customServicePlan', () => {
  it('keeps secret headers out of the config', () => {
    const plan = customServicePlan({
      name: 'remote',
      transport: 'http',
      url: 'https://example.com/mcp',
      auth: 'none',
      headers: [{ name: 'X-Api-Key', value: 'k', secret: true }, { name: 'X-Team', value: 'blue' }],
    });
    expect(plan.config).toEqual({ type: 'http', url: 'https://example.com/mcp', headers: { 'X-Api-Key': '${secret:X-Api-Key}', 'X-Team': 'blue' } });
    expect(plan.secrets).toEqual([{ name: 'X-Api-Key', value: 'k' }]);
  });

  it('writes API key and client credentials auth with vault references', () => {
    expect(customServicePlan({ name: 'a', transport: 'http', url: 'https://x.test/mcp', auth: 'api_key', apiKey: 'k', header: 'X-Key' })).toMatchObject({
      config: { auth: { type: 'api_key', key: '${secret:API_KEY}', header: 'X-Key' } },
      secrets: [{ name: 'API_KEY', value: 'k' }],
    });
    expect(customServicePlan({ name: 'b', transport: 'http', url: 'https://x.test/mcp', auth: 'client_credentials', clientId: 'id', clientSecret: 'cs' })).toMatchObject({
      config: { auth: { type: 'client_credentials', clientId: 'id', clientSecret: '${secret:CLIENT_SECRET}' } },
      secrets: [{ name: 'CLIENT_SECRET', value: 'cs' }],
    });
  });

  it('refuses what the config schema refuses, with a hint', () => {
    expect(() => customServicePlan({ name: 'c', transport: 'http', url: 'ftp://x', auth: 'none' })).toThrow(CodedError);
    expect(() => customServicePlan({ name: 'd', transport: 'stdio', command: '  ' })).toThrow(/command/);
  });
});
