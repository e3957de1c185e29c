import { describe, expect, it } from 'vitest';
import type { AppApi } from '../../../shared/api';
import { refuseUnusableCall } from './refuse-call';

const TOOLS = [
  { server: 'everything', name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
  { server: 'everything', name: 'get-sum', inputSchema: { type: 'object', required: ['a', 'b'] } },
  { server: 'everything', name: 'free', inputSchema: { type: 'object', required: 'not-a-list' } },
  { server: 'everything', name: 'odd', inputSchema: { type: 'object', properties: { x: { type: 'no-such-type' } } } },
  {
    server: 'everything',
    name: 'formats',
    inputSchema: { type: 'object', additionalProperties: false, properties: { url: { type: 'string', format: 'uri' }, when: { type: 'string', format: 'date-time' }, n: { type: 'number' }, either: { type: ['string', 'null'] } } },
  },
  { server: 'everything', name: 'same-id-a', inputSchema: { $id: 'urn:same', type: 'object', properties: { a: { type: 'integer' } } } },
  { server: 'everything', name: 'same-id-b', inputSchema: { $id: 'urn:same', type: 'object', properties: { b: { type: 'string' } }, additionalProperties: false } },
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
      message: 'The arguments do not fit the input schema of tool "echo" of "everything" ("message" must be string, not integer); nothing was asked in the app',
      hint: 'Run `connected-services tools everything --json` to see what each argument takes',
    });
  });

  it('leaves to the server what a schema does not state outright: unknown types, formats, other keywords', async () => {
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'odd', arguments: { x: 1 } })).resolves.toBeUndefined();
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'formats', arguments: { url: 'example.com/x', when: '2024-01-01', extra: true } })).resolves.toBeUndefined();
    // Two tools with one $id are each judged by their own schema.
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'same-id-b', arguments: { b: 'text' } })).resolves.toBeUndefined();
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'same-id-a', arguments: { a: 'text' } })).rejects.toMatchObject({ message: expect.stringContaining('"a" must be integer, not string') as unknown });
  });

  it('takes an integer for a number, and any of several declared types', async () => {
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'formats', arguments: { n: 3, either: null } })).resolves.toBeUndefined();
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'formats', arguments: { n: '3' } })).rejects.toMatchObject({ message: expect.stringContaining('"n" must be number, not string') as unknown });
  });

  it('lets through a call with its required arguments, a schema without a list, and a server never listed', async () => {
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'echo', arguments: { message: 'hi' } })).resolves.toBeUndefined();
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'get-sum', arguments: { a: 1, b: 'x' } })).resolves.toBeUndefined();
    await expect(refuseUnusableCall(api, { server: 'everything', tool: 'free' })).resolves.toBeUndefined();
    await expect(refuseUnusableCall(api, { server: 'gh', tool: 'delete_repo' })).resolves.toBeUndefined();
  });
});
