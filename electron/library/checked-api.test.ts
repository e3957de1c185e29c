import { describe, expect, it } from 'vitest';
import { API_METHODS, type ApiMethod, type AppApi } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { checkedApi } from './checked-api';

describe("a program's input is checked before it reaches the core", () => {
  const reached: unknown[] = [];
  const inner = {
    on: () => () => undefined,
    callTool: (input: unknown) => {
      reached.push(input);
      return Promise.resolve({ content: [] });
    },
    status: (input: unknown) => {
      reached.push(input);
      return Promise.resolve({ servers: [] });
    },
  } as unknown as AppApi;

  it('takes a method whose input has no required field without one, as {}; one with required fields is refused naming them', async () => {
    const api = checkedApi(inner);
    reached.length = 0;
    await expect(api.status()).resolves.toEqual({ servers: [] });
    expect(reached).toEqual([{}]);
    // @ts-expect-error callTool's input names a server and a tool.
    await expect(api.callTool()).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/^Invalid input for callTool: server: /) as string });
    expect(reached).toEqual([{}]);
    reached.length = 0;
  });

  it('refuses what the App API would refuse, naming the field, and passes the rest on parsed', async () => {
    const api = checkedApi(inner);
    await expect(api.callTool({ server: 'files', tool: 'read', timeoutMs: -1 })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^Invalid input for callTool: timeoutMs: /) as string,
    });
    await expect(api.callTool({ server: 'files', tool: 'read', extra: 1 } as never)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(reached).toEqual([]);
    await expect(api.callTool({ server: 'files', tool: 'read', arguments: { path: '/tmp' } })).resolves.toEqual({ content: [] });
    expect(reached).toEqual([{ server: 'files', tool: 'read', arguments: { path: '/tmp' } }]);
  });

  // A wrong argument was refused with the field's fault only: no hint, unlike the library's other errors.
  it("hints at the field to fix and the input the method takes, for every method", async () => {
    const api = checkedApi(inner);
    await expect(api.callTool({ server: 1 } as never)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^Invalid input for callTool: server: /) as string,
      hint: 'Give server as a string: callTool takes { server: string, tool: string, arguments?: object, timeoutMs?: number, callId?: string }',
    });
    await expect(api.callTool({ server: 'files', tool: 'read', extra: 1 } as never)).rejects.toMatchObject({ hint: expect.stringMatching(/^Leave out "extra": callTool takes \{ server: string/) as string });
    await expect(api.callTool({ server: 'files', tool: 'read', timeoutMs: -1 })).rejects.toMatchObject({ hint: expect.stringMatching(/^Fix timeoutMs: callTool takes/) as string });
    for (const method of Object.keys(API_METHODS) as ApiMethod[]) {
      const refused = await (api[method] as (input: unknown) => Promise<unknown>)(7).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused, method).toMatchObject({ code: 'invalid_input', hint: expect.stringContaining(`${method} takes {`) as string });
    }
  });

  it('answers a call in flight that close() ended with the close, not with what the core said of its server', async () => {
    let closed = false;
    const stopped = new CodedError('server_unavailable', '"files" was stopped while starting', { hint: 'start it again' });
    const api = checkedApi({ ...inner, callTool: () => ((closed = true), Promise.reject(stopped)) }, () => closed);
    await expect(api.callTool({ server: 'files', tool: 'read' })).rejects.toMatchObject({
      code: 'server_unavailable',
      message: 'This connection to Connected Services was closed while the call ran',
      cause: stopped,
    });
    // Open, the core's error is the program's to read.
    closed = false;
    const open = checkedApi({ ...inner, callTool: () => Promise.reject(stopped) }, () => closed);
    await expect(open.callTool({ server: 'files', tool: 'read' })).rejects.toBe(stopped);
  });

  it('refuses every call once closed, naming it, before the core is reached', async () => {
    let closed = false;
    const api = checkedApi(inner, () => closed);
    reached.length = 0;
    closed = true;
    await expect(api.callTool({ server: 'files', tool: 'read' })).rejects.toMatchObject({
      code: 'server_unavailable',
      message: 'This connection to Connected Services was closed',
      hint: 'Open it again with openConnectedServices',
    });
    expect(reached).toEqual([]);
  });
});
