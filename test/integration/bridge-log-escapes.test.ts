import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/server-harness';
import { firstText, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { bridgeWithAgent, namedTools } from '../support/named-tools-bridge';
const LOG = { level: 'error', logger: 'db\u001b]0;owned\u0007', data: { 'note\u001b[2J': ['ok\rfaked line', { deeper: '\u001b[31mred\u202e' }], count: 3 } };

const open: Array<BridgeHarness | AgentClient> = [];
afterAll(async () => {
  for (const item of open.reverse()) await item.close();
});

// Listings and error texts were escaped, but a server's log message reached the agent's client (which
// may print it in a terminal) with its ESC sequences, BEL and CR as they were.
describe("a server's log message with terminal controls in its logger and data", () => {
  it('reaches the agent with them shown as escapes', async () => {
    const { agent } = await bridgeWithAgent({ noisy: namedTools([{ name: 'speak', description: 'speak', log: LOG }]) }, open);
    const received: LoggingMessageNotification['params'][] = [];
    agent.client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => void received.push(params));
    expect(firstText(await agent.client.callTool({ name: 'noisy__speak', arguments: {} }))).toBe('called speak');
    await waitFor('the log message', () => received.length > 0);
    expect(received).toEqual([
      {
        level: 'error',
        logger: 'noisy/db\\u001b]0;owned\\u0007',
        data: { 'note\\u001b[2J': ['ok\\u000dfaked line', { deeper: '\\u001b[31mred\\u202e' }], count: 3 },
      },
    ]);
  }, 60_000);
});
