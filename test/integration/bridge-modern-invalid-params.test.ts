import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../fixtures/servers/config';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';
import { messageOf, modernCall, modernRequest } from '../support/modern-raw';

// A 2026-07-28 request whose params the SDK's codec refuses is answered as a 2025-11-25 session
// answers it (bridge-hardening.test.ts): -32602 naming the field on one line (JSON-RPC 2.0 §5.1),
// not the schema library's pretty-printed issue list, which went out as -32603 on reads and prompts.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
let h: BridgeHarness;
let token: string;

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
  token = (await h.bridge.agents.add('modern', { servers: ['*'], policy: ALLOW_ALL })).token;
}, 60_000);

afterAll(async () => {
  await h.close();
});

describe('a 2026-07-28 request with params of the wrong shape', () => {
  it('tools/call: -32602 naming params.arguments or params.name, on one line', async () => {
    for (const bad of ['str', null, [1, 2], 5]) {
      const error = messageOf((await modernCall(h.bridge.port, token, 'everything__echo', bad)).body).error;
      expect(error, JSON.stringify(bad)).toEqual({ code: -32602, message: expect.stringMatching(/^Invalid params: params\.arguments: [^\n[{]+$/) as unknown });
    }
    const unnamed = messageOf((await modernRequest(h.bridge.port, token, 'tools/call', '', { name: 5 })).body).error;
    expect(unnamed).toEqual({ code: -32602, message: 'Invalid params: params.name: Invalid input: expected string, received number' });
  });

  it('resources/read, prompts/get and a listing: -32602 naming the field, not -32603', async () => {
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['resources/read', 'x', { uri: 5 }, 'params.uri'],
      ['prompts/get', '', {}, 'params.name'],
      ['prompts/get', 'simple-prompt', { name: 'simple-prompt', arguments: 'x' }, 'params.arguments'],
      ['tools/list', '', { cursor: 5 }, 'params.cursor'],
    ];
    for (const [method, name, params, field] of cases) {
      const error = messageOf((await modernRequest(h.bridge.port, token, method, name, params)).body).error;
      expect(error?.code, `${method} ${JSON.stringify(params)}`).toBe(-32602);
      expect(error?.message).toMatch(new RegExp(`^Invalid params: ${field.replace('.', '\\.')}: [^\\n[{]+$`));
    }
  });

  it('a valid request of each is still answered', async () => {
    expect(messageOf((await modernCall(h.bridge.port, token, 'everything__echo', { message: 'hi' })).body).result?.['content']).toEqual([{ type: 'text', text: 'Echo: hi' }]);
    expect(messageOf((await modernRequest(h.bridge.port, token, 'prompts/get', 'everything__simple-prompt', { name: 'everything__simple-prompt' })).body).error).toBeUndefined();
  });
});
