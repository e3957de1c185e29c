import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import type { ReferenceResolvers } from '../../vault';
import { resolveServerConfig } from './resolve-server';

const SECRET = 'TOPSECRET-VALUE\0tail';
const resolvers: ReferenceResolvers = { secret: () => Promise.resolve(SECRET), env: {} };

async function refusal(config: ServerConfig): Promise<CodedError> {
  const error: unknown = await resolveServerConfig('srv', config, resolvers).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof CodedError)) throw new Error('expected a CodedError');
  return error;
}

describe('resolveServerConfig: a secret holding a NUL byte', () => {
  it('is refused for an env value, naming the variable and not the value', async () => {
    const error = await refusal({ command: 'node', env: { API_TOKEN: '${secret:mine}' } });
    expect(error.code).toBe('invalid_config');
    expect(error.message).toBe('Server "srv": env.API_TOKEN cannot be passed to the program: the secret in it holds a NUL byte');
    expect(JSON.stringify({ message: error.message, hint: error.hint, data: error.data })).not.toContain('TOPSECRET');
  });

  it('is refused for an argument, naming its position', async () => {
    const error = await refusal({ command: 'node', args: ['server.js', '--token=${secret:mine}'] });
    expect(error.message).toBe('Server "srv": args[1] cannot be passed to the program: the secret in it holds a NUL byte');
  });

  it('a value without one passes through resolved', async () => {
    const clean: ReferenceResolvers = { secret: () => Promise.resolve('plain'), env: {} };
    await expect(resolveServerConfig('srv', { command: 'node', env: { A: '${secret:mine}' } }, clean)).resolves.toMatchObject({ env: { A: 'plain' } });
  });
});

describe('resolveServerConfig: references in an HTTP entry\'s URL', () => {
  const values: Record<string, string> = { K: 'a&b=c#d/e f', T: 'tok-123' };
  const given: ReferenceResolvers = { secret: (name) => Promise.resolve(values[name]), env: { REGION: 'eu' }, redactor: { addSecret: () => undefined } };

  it('fills in the query and the path, each value percent-encoded in its place', async () => {
    const config = await resolveServerConfig('srv', { type: 'http', url: 'https://api.example.com/u/${secret:T}/mcp?api_key=${secret:K}&region=${env:REGION}' }, given);
    expect(config).toMatchObject({ url: 'https://api.example.com/u/tok-123/mcp?api_key=a%26b%3Dc%23d%2Fe%20f&region=eu' });
    expect(new URL((config as { url: string }).url).searchParams.get('api_key')).toBe('a&b=c#d/e f');
  });

  it('leaves a URL without references as written', async () => {
    await expect(resolveServerConfig('srv', { type: 'http', url: 'https://api.example.com/mcp?x=1' }, given)).resolves.toMatchObject({ url: 'https://api.example.com/mcp?x=1' });
  });

  it('refuses a secret that is no valid text, never quoting it', async () => {
    const broken: ReferenceResolvers = { ...given, secret: () => Promise.resolve('ok\ud800') };
    const error: unknown = await resolveServerConfig('srv', { type: 'http', url: 'https://api.example.com/mcp?k=${secret:K}' }, broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect((error as CodedError).message).toBe('Server "srv": its URL cannot be sent: a secret in it is not valid text (a lone surrogate)');
  });

  it('an unknown reference in the URL is a config error naming it', async () => {
    const error: unknown = await resolveServerConfig('srv', { type: 'http', url: 'https://api.example.com/mcp?k=${secret:NOPE}' }, given).catch((e: unknown) => e);
    expect((error as CodedError).code).toBe('invalid_config');
    expect((error as CodedError).message).toContain('NOPE');
  });
});

describe('resolveServerConfig: a variable or header named __proto__', () => {
  const clean: ReferenceResolvers = { secret: () => Promise.resolve('plain'), env: {} };
  it('stays a key once its references are filled in', async () => {
    const env = JSON.parse('{"__proto__":"${secret:mine}"}') as Record<string, string>;
    const stdio = await resolveServerConfig('srv', { command: 'node', env }, clean);
    expect('env' in stdio && Object.hasOwn(stdio.env ?? {}, '__proto__') && stdio.env?.['__proto__']).toBe('plain');
    const headers = JSON.parse('{"__proto__":"Bearer ${secret:mine}"}') as Record<string, string>;
    const http = await resolveServerConfig('srv', { type: 'http', url: 'https://mcp.example.com/mcp', headers }, clean);
    expect('headers' in http && Object.hasOwn(http.headers ?? {}, '__proto__') && http.headers?.['__proto__']).toBe('Bearer plain');
  });
});
