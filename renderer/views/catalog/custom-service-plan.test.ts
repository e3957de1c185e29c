import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { customServicePlan, splitCommandField } from './custom-service-plan';

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
    // Named by the form's label, with the field for the form to mark.
    expect(() => customServicePlan({ name: 'd', transport: 'stdio', command: '  ' })).toThrow(/^Command: /);
    expect(() => customServicePlan({ name: 'd', transport: 'stdio', command: 'node', args: ['a', 'b\0'] })).toThrow(expect.objectContaining({ message: expect.stringMatching(/^Argument 2: /) as unknown, data: { fixIn: 'entry', field: 'args', index: 1 } }));
  });
});

describe('a whole command line in the command box', () => {
  it('is split into program, arguments, variables and folder by shell rules', () => {
    expect(customServicePlan({ name: 'n', transport: 'stdio', command: 'npx -y pkg /tmp' }).config).toEqual({ command: 'npx', args: ['-y', 'pkg', '/tmp'] });
    expect(
      customServicePlan({ name: 'n', transport: 'stdio', command: `cd /srv && LOG=1 node 'my server.js'`, args: ['--x'], env: [{ name: 'B', value: '2' }] }).config,
    ).toEqual({ command: 'node', args: ['my server.js', '--x'], env: { LOG: '1', B: '2' }, cwd: '/srv' });
  });

  it('leaves a single program name, and shows the split in the form (splitCommandField)', () => {
    expect(splitCommandField({ transport: 'stdio', command: 'npx' })).toBeUndefined();
    expect(splitCommandField({ transport: 'http', command: 'a b' })).toBeUndefined();
    expect(splitCommandField({ transport: 'stdio', command: 'uvx mcp-server-time', args: ['--tz'] })).toEqual({ transport: 'stdio', command: 'uvx', args: ['mcp-server-time', '--tz'] });
  });

  it('marks a variable of the command line that holds a credential for the vault, by its name or its shape, as Paste does', () => {
    const split = splitCommandField({ transport: 'stdio', command: 'GITHUB_TOKEN=abc123 LOG_LEVEL=debug KEYISH=ghp_0123456789abcdefghij0123456789abcdef npx -y server-github' });
    expect(split?.env).toEqual([
      { name: 'GITHUB_TOKEN', value: 'abc123', secret: true },
      { name: 'LOG_LEVEL', value: 'debug' },
      { name: 'KEYISH', value: 'ghp_0123456789abcdefghij0123456789abcdef', secret: true },
    ]);
    // Added as split: the value goes to the vault, the entry gets its reference.
    const plan = customServicePlan({ name: 'gh', transport: 'stdio', command: 'GITHUB_TOKEN=abc123 npx -y server-github' });
    expect(plan.config).toMatchObject({ env: { GITHUB_TOKEN: '${secret:GITHUB_TOKEN}' } });
    expect(plan.secrets).toEqual([{ name: 'GITHUB_TOKEN', value: 'abc123' }]);
  });

  it('uses a stored secret picked for a variable, and the folder field', () => {
    const plan = customServicePlan({ name: 'n', transport: 'stdio', command: 'node', cwd: ' /srv ', env: [{ name: 'TOKEN', value: '', stored: 'GH_TOKEN' }] });
    expect(plan.config).toEqual({ command: 'node', cwd: '/srv', env: { TOKEN: '${secret:GH_TOKEN}' } });
    expect(plan.secrets).toEqual([]);
  });
});
