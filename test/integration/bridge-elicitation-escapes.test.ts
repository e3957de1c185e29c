import { fileURLToPath } from 'node:url';
import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { StdioServerConfig } from '../../shared/config';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { askUrlChecksFor } from '../support/ask-url-checks';
import { ROOT } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

/** None of the characters a terminal acts on (ESC, BEL, CR) or that reverse text (U+202E, U+202C). */
const withoutControls = (text: string | undefined): boolean => !['\u001b', '\u0007', '\r', '\u202e', '\u202c'].some((c) => (text ?? '').includes(c));

const NAMED_TOOLS = fileURLToPath(new URL('../fixtures/servers/named-tools-server.ts', import.meta.url));
const server = (tools: object[]): StdioServerConfig => ({ command: process.execPath, args: tsEntry(NAMED_TOOLS), cwd: ROOT, env: { TOOL_NAMES: JSON.stringify(tools) } });

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
    const h = await startBridge({ asker: server([{ name: 'pay', description: 'pay', elicit: question }]) }, {}, { asks: { router } });
    open.push(h);
    await h.pool.start('asker');
    h.bridge.refresh();
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const agent = await connectAgent(h.bridge.url, token, 'asked-agent', { elicitation: { form: {} } });
    open.push(agent);
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
