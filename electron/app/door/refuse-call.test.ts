import { describe, expect, it } from 'vitest';
import type { AppApi } from '../../../shared/api';
import { refuseUnusableCall } from './refuse-call';

const TOOLS = [
  { server: 'everything', name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
  { server: 'everything', name: 'get-sum', inputSchema: { type: 'object', required: ['a', 'b'] } },
  { server: 'everything', name: 'free', inputSchema: { type: 'object', required: 'not-a-list' } },
  { server: 'everything', name: 'odd', inputSchema: { type: 'object', properties: { x: { type: 'no-such-type' } } } },
];
const api = { listTools: ({ server }: { server?: string }) => Promise.resolve(server === 'everything' ? TOOLS : []) } as unknown as AppApi;

describe('refuseUnusableCall: a command-line call refused before the person is asked', () => {
  it('refuses a tool the server does not have (not_found)', async () => {
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'ecoh' })).rejects.toMatchObject({ code: 'not_found', message: '"everything" has no tool "ecoh"' });
  });

  it('refuses arguments that leave out a required one, naming each missing one', async () => {
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'echo' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'Tool "echo" of "everything" requires the argument "message", missing from this call; nothing was asked in the app',
      hint: expect.stringContaining(`'{"message":…}'`) as unknown,
    });
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'get-sum', arguments: { a: 1 } })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('requires the argument "b"') as unknown,
    });
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'get-sum', arguments: {} })).rejects.toMatchObject({
      message: expect.stringContaining('requires the arguments "a", "b"') as unknown,
    });
  });

  it('refuses arguments that do not fit the listed input schema, saying where', async () => {
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'echo', arguments: { message: 1 } })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^The arguments do not fit the input schema of tool "echo" of "everything" \(.*message.*string.*\); nothing was asked in the app$/) as unknown,
      hint: 'Run `connected-services tools everything --json` to see what each argument takes',
    });
  });

  it('leaves a schema it cannot compile to the server', async () => {
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'odd', arguments: { x: 1 } })).resolves.toBeUndefined();
  });

  it('lets through a call with its required arguments, a schema without a list, and a server never listed', async () => {
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'echo', arguments: { message: 'hi' } })).resolves.toBeUndefined();
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'get-sum', arguments: { a: 1, b: 'x' } })).resolves.toBeUndefined();
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'free' })).resolves.toBeUndefined();
    await expect(refuseUnusableCall(api, { server: 'gh', tool: 'delete_repo' })).resolves.toBeUndefined();
  });
});
