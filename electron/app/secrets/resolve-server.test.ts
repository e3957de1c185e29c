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
