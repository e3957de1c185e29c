import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { askUrlChecksFor } from '../support/ask-url-checks';
import { firstText, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { bridgeWithAgent, namedTools } from '../support/named-tools-bridge';

/** None of the characters a terminal acts on (ESC, BEL, CR) or that reverse text (U+202E, U+202C). */
const withoutControls = (text: string | undefined): boolean => !['\u001b', '\u0007', '\r', '\u202e', '\u202c'].some((c) => (text ?? '').includes(c));


const open: Array<BridgeHarness | AgentClient> = [];
afterAll(async () => {
  for (const item of open.reverse()) await item.close();
});

// A server's question reached the agent's client byte for byte: an ESC sequence, BEL, a carriage return
// or a right-to-left override acted on the terminal it was printed to, where listings and log
// messages already arrive with them as escapes.
describe("a server's question to the agent, with terminal controls in its words", () => {
  it('reaches the agent with them as escapes, in its message and its field title, and the answer goes back', async () => {
    const question = 'Pay \u001b[31mnow\u0007 \u202eevil\r\nok?';
    const router = createAskRouter({ waiting: new WaitingAsks(), audit: () => undefined, now: Date.now, urls: askUrlChecksFor('loopback') });
    const { agent } = await bridgeWithAgent({ asker: namedTools([{ name: 'pay', description: 'pay', elicit: question }]) }, open, { elicitation: { form: {} } }, { asks: { router } });
    const seen: ElicitRequest['params'][] = [];
    agent.client.setRequestHandler(ElicitRequestSchema, (request) => {
      seen.push(request.params);
      return { action: 'accept', content: { ok: true } };
    });

    expect(firstText(await agent.client.callTool({ name: 'asker__pay', arguments: {} }))).toBe('answered accept');
    expect(seen).toHaveLength(1);
    expect(JSON.stringify(seen)).toSatisfy(withoutControls);
    expect(seen[0]?.message).toContain('Pay \\u001b[31mnow\\u0007');
    expect(JSON.stringify(seen[0])).toContain('"title":"Pay \\\\u001b[31mnow');
  }, 60_000);
});
