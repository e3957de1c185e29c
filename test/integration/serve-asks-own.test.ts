import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDefaults, type PendingAsk } from '../../shared/api';
import { askingServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

async function waitingAsk(served: Served, match: (ask: PendingAsk) => boolean): Promise<PendingAsk> {
  return eventually(async () => ((await served.api('listAsks')).body.result as PendingAsk[]).find(match));
}

/** The person's own call through the App API, which waits while the server asks. */
function personCall(served: Served, tool: string, args: Record<string, unknown> = {}) {
  return served.api('callTool', { server: 'asking', tool, arguments: args, callId: `ui-${tool}` });
}

describe('our asking server through serve', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe(tempHome());
    expect((await served.api('addServer', { name: 'asking', config: askingServer() })).status).toBe(200);
    expect((await served.api('approveServer', { name: 'asking' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await served.stop();
  });

  it('a form with a default of each type: the defaults the person keeps are the ones the server sent', async () => {
    const call = personCall(served, 'ask-defaults');
    const ask = await waitingAsk(served, (a) => a.callId === 'ui-ask-defaults');
    expect(ask).toMatchObject({ kind: 'form', asker: 'you', server: 'asking', message: 'Check the defaults' });
    const defaults = formDefaults(ask.requestedSchema ?? {});
    expect(defaults).toEqual({ title: 'It was a dark and stormy night.', count: 42, ratio: 3.14, colour: 'blue', subscribe: true });
    await served.api('answerAsk', { id: ask.id, action: 'accept', content: defaults });
    expect(textOf((await call).body.result)).toBe('defaults ok');
  });

  it('a form asking for a secret is shown with its sensitive field and can only be declined', async () => {
    const call = personCall(served, 'ask-secret');
    const ask = await waitingAsk(served, (a) => a.callId === 'ui-ask-secret');
    expect(ask.sensitive).toEqual(['password']);
    expect((await served.api('answerAsk', { id: ask.id, action: 'accept', content: { password: 'hunter2' } })).body.error?.code).toBe('invalid_input');
    await served.api('answerAsk', { id: ask.id, action: 'decline' });
    expect(textOf((await call).body.result)).toBe('action: decline');
  });

  it('a form asking for a secret in a word split by a terminal escape (Pass ESC[31m word) can only be declined too', async () => {
    const call = served.api('callTool', { server: 'asking', tool: 'ask-secret', arguments: { disguised: true }, callId: 'ui-ask-secret-disguised' });
    const ask = await waitingAsk(served, (a) => a.callId === 'ui-ask-secret-disguised');
    expect(ask.sensitive).toEqual(['Pass\u001b[31mword']);
    expect((await served.api('answerAsk', { id: ask.id, action: 'accept', content: { 'Pass\u001b[31mword': 'hunter2' } })).body.error?.code).toBe('invalid_input');
    await served.api('answerAsk', { id: ask.id, action: 'decline' });
    expect(textOf((await call).body.result)).toBe('action: decline');
  });

  it.each([
    ['javascript:alert(document.cookie)', /only https/],
    ['file:///etc/passwd', /only https/],
    ['https://169.254.169.254/latest/meta-data/', /link-local|metadata/],
    ['https://xn--pypal-4ve.com/login', /internationalized/],
    ['https://user:pw@example.com/', /credentials/],
  ])('URL mode with a hostile URL %s: shown with its problem, never opened', async (url, problem) => {
    const call = personCall(served, 'ask-url', { url });
    const ask = await waitingAsk(served, (a) => a.kind === 'url' && a.url === url);
    expect(ask.urlProblem).toMatch(problem);
    const opened = await served.api('openAskUrl', { id: ask.id });
    expect(opened.body.error?.code).toBe('denied');
    await served.api('answerAsk', { id: ask.id, action: 'decline' });
    expect(textOf((await call).body.result)).toBe('action: decline');
  });

  it('URL mode from a server on this computer (stdio): its own local page is offered, with no problem', async () => {
    const url = 'http://127.0.0.1:9/confirm';
    const call = personCall(served, 'ask-url', { url });
    const ask = await waitingAsk(served, (a) => a.kind === 'url' && a.url === url);
    expect(ask).toMatchObject({ origin: 'http://127.0.0.1:9' });
    expect(ask.urlProblem).toBeUndefined();
    await served.api('answerAsk', { id: ask.id, action: 'decline' });
    expect(textOf((await call).body.result)).toBe('action: decline');
  });

  it('two agents calling the same server at once: a request never reaches the other agent', async () => {
    const agents = await Promise.all(
      ['north', 'south'].map(async (name) => {
        const added = await served.api('addAgent', { name, servers: ['asking'], policy: ALLOW_ALL });
        const { token } = added.body.result as { token: string };
        const client = new Client({ name, version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
        const seen: string[] = [];
        client.setRequestHandler(ElicitRequestSchema, (request) => {
          seen.push(request.params.message);
          return { action: 'accept', content: { reply: `by ${name}` } };
        });
        await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
        return { name, client, seen };
      }),
    );
    try {
      // One at a time, each request goes to its own agent.
      for (const a of agents) {
        expect(textOf(await a.client.callTool({ name: 'asking__ask-for', arguments: { who: a.name } }))).toBe(`${a.name}: accept by ${a.name}`);
      }
      // At once: a request that cannot be told apart goes to the person, never to the other agent.
      const calls = agents.map((a) => a.client.callTool({ name: 'asking__ask-for', arguments: { who: a.name } }));
      const answered = new Set<string>();
      const results = Promise.all(calls);
      let done = false;
      void results.finally(() => (done = true));
      while (!done) {
        for (const ask of (await served.api('listAsks')).body.result as PendingAsk[]) {
          if (answered.has(ask.id)) continue;
          answered.add(ask.id);
          expect(ask.agent).toBeUndefined();
          await served.api('answerAsk', { id: ask.id, action: 'accept', content: { reply: 'by the person' } });
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      const texts = (await results).map(textOf);
      for (const [i, a] of agents.entries()) {
        expect(texts[i]).toMatch(new RegExp(`^${a.name}: accept by (${a.name}|the person)$`));
        expect(a.seen.every((m) => m === `for ${a.name}`)).toBe(true);
      }
    } finally {
      for (const a of agents) await a.client.close();
    }
  });
});
