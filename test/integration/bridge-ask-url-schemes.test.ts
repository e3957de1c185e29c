import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { askingServer } from '../fixtures/servers/config';
import { askUrlChecksFor } from '../support/ask-url-checks';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

// A URL-mode request goes to an agent's client, which may open it: only what we would open ourselves
// (https, or http to this computer) reaches it, even from a stdio server on this computer (reach
// loopback, the most a server may name). Other schemes, credentials, look-alike hosts and hidden
// characters are refused to the server; nothing reaches the agent or waits for the person.
let h: BridgeHarness;
let agent: AgentClient;
const audited: AuditEntry[] = [];
const waiting = new WaitingAsks();
const given: string[] = [];

beforeAll(async () => {
  const router = createAskRouter({ waiting, audit: (entry) => audited.push(entry), now: Date.now, urls: askUrlChecksFor('loopback') });
  h = await startBridge({ asking: askingServer() }, {}, { asks: { router } });
  await h.pool.start('asking');
  const { token } = await h.bridge.agents.add('opener', { servers: ['asking'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
  agent = await connectAgent(h.bridge.url, token, 'opener', { elicitation: { url: {} } });
  agent.client.setRequestHandler(ElicitRequestSchema, (request) => {
    given.push(request.params.mode === 'url' ? request.params.url : 'form');
    return { action: 'accept' };
  });
}, 60_000);
afterAll(async () => {
  await agent?.close();
  await h?.close();
});

const askUrl = async (url: string): Promise<string> => firstText(await agent.client.callTool({ name: 'asking__ask-url', arguments: { url } }));

describe('URL-mode requests to an agent’s client, through the bridge from a stdio server', () => {
  it.each([
    ['javascript:alert(document.cookie)', 'not javascript:'],
    ['data:text/html,<script>alert(1)</script>', 'not data:'],
    ['smb://localhost/share', 'not smb:'],
    ['ws://127.0.0.1:9222/devtools/browser', 'not ws:'],
    ['file:///etc/passwd', 'not file:'],
    ['https://user:pass@pay.example.com/', 'carries credentials'],
    ['https://pаy.example.com/', 'internationalized'],
    ['https://pay.example.com/\u202egpj.exe', 'control or formatting characters'],
  ])('%s never reaches the agent: the server hears why', async (url, why) => {
    given.length = 0;
    audited.length = 0;
    const answer = await askUrl(url);
    expect(answer).toContain('URL request refused');
    expect(answer).toContain(why);
    expect(given).toEqual([]);
    expect(waiting.list()).toEqual([]);
    expect(audited.map((e) => [e.kind, e.answer, e.answeredBy])).toEqual([['elicitation', 'decline', 'nobody']]);
  }, 30_000);

  it('an https page, and http to this computer from a server on it, reach the agent as sent', async () => {
    given.length = 0;
    expect(await askUrl('https://pay.example.com/confirm')).toBe('action: accept');
    expect(await askUrl('http://127.0.0.1:8080/confirm')).toBe('action: accept');
    expect(given).toEqual(['https://pay.example.com/confirm', 'http://127.0.0.1:8080/confirm']);
  }, 30_000);

  it('a query holding | { } ^ or a backquote reaches the agent percent-encoded; a hidden character there is refused', async () => {
    given.length = 0;
    expect(await askUrl('https://pay.example.com/authorize?state=auth0|abc&claims={"a":1}^`')).toBe('action: accept');
    expect(given).toEqual(['https://pay.example.com/authorize?state=auth0%7Cabc&claims=%7B%22a%22:1%7D%5E%60']);
    expect(await askUrl('https://pay.example.com/authorize?state=auth0|a\u202ebc')).toContain('control or formatting characters');
    expect(given).toHaveLength(1);
  }, 30_000);
});
