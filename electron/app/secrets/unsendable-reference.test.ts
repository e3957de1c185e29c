import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import type { ServerConfig } from '../../../shared/config';
import type { ReferenceResolvers } from '../../vault';
import { resolveServerConfig } from './resolve-server';

const values: Record<string, string> = { GOOD: 'plain', NUL1: 'a\0b', LINES: 'one\ntwo', HALF: 'ok\ud800' };
const resolvers: ReferenceResolvers = {
  secret: (name) => Promise.resolve(values[name]),
  store: (store, path) => Promise.resolve(store === 'pass' && path === 'work/key' ? 'x\ny' : undefined),
  env: { MULTI: 'a\nb' },
  redactor: { addSecret: () => undefined },
};

async function hint(config: ServerConfig): Promise<string | undefined> {
  const error: unknown = await resolveServerConfig('srv', config, resolvers).then(() => undefined, (caught: unknown) => caught);
  if (!(error instanceof CodedError)) throw new Error('expected a CodedError');
  expect(JSON.stringify({ message: error.message, hint: error.hint })).not.toMatch(/NAME|one\\ntwo|a\\u0000b/);
  return error.hint;
}

describe('a stored value that cannot be used names the secret to store again', () => {
  it('a NUL byte in an env value or an argument', async () => {
    expect(await hint({ command: 'node', env: { A: '${secret:GOOD}-${secret:NUL1}' } })).toBe('store ${secret:NUL1} again as text without NUL bytes with `connected-services secrets set NUL1`');
    expect(await hint({ command: 'node', args: ['x.js', '--key=${secret:NUL1}'] })).toContain('`connected-services secrets set NUL1`');
  });

  it('a line break in a header: a vault secret, a store entry, a variable', async () => {
    const url = 'https://mcp.example.com/mcp';
    expect(await hint({ type: 'http', url, headers: { Authorization: 'Bearer ${secret:LINES}' } })).toBe('store ${secret:LINES} again as one line of text with `connected-services secrets set LINES`');
    expect(await hint({ type: 'http', url, headers: { 'X-Key': '${secret:pass:work/key}' } })).toBe('make the entry work/key of the secret store pass (${secret:pass:work/key}) one line of text');
    expect(await hint({ type: 'http', url, headers: { 'X-Key': '${env:MULTI}' } })).toBe('set the environment variable MULTI (${env:MULTI}) to one line of text');
  });

  it('a lone surrogate in a URL', async () => {
    expect(await hint({ type: 'http', url: 'https://mcp.example.com/mcp?k=${secret:HALF}' })).toBe('store ${secret:HALF} again as plain text with `connected-services secrets set HALF`');
  });
});
