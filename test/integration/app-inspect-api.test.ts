import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import type { LogLine } from '../../shared/api';
import { everythingServer, faultServer } from '../fixtures/servers/config';
import { eventually } from '../support/serve';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };
const SECRET = 'fault-secret-value-0123456789';

// Issue 17 items 2 and 3 through the App API of a real core, with real servers.
describe('App API: logs, resources and prompts', () => {
  let core: Core;
  const live: Array<{ server: string; lines: LogLine[] }> = [];

  beforeAll(async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-inspect-')), 'home');
    core = await createCore({ dataDir, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase' });
    core.api.on('serverLog', (event) => live.push(event));
    await core.api.setSecret({ name: 'FAULT_TOKEN', value: SECRET });
    await core.api.addServer({ name: 'fault', config: faultServer('normal', { MY_TOKEN: '${secret:FAULT_TOKEN}' }) });
    await core.api.addServer({ name: 'everything', config: everythingServer() });
    await core.api.approveServer({ name: 'fault' });
    await core.api.approveServer({ name: 'everything' });
  }, 30_000);

  afterAll(async () => {
    await core?.close();
  });

  it("keeps a server's stderr and state changes, tells the UI as they come, and reads on from a cursor", async () => {
    await core.api.connect({ name: 'everything' });
    const first = await core.api.readLogs({ server: 'everything' });
    expect(first.lines.map((l) => [l.kind, l.text])).toEqual(
      expect.arrayContaining([
        ['state', 'starting'],
        ['stderr', 'Starting default (STDIO) server...'],
        ['state', 'ready'],
      ]),
    );
    await eventually(() => Promise.resolve(live.some((e) => e.server === 'everything' && e.lines.some((l) => l.kind === 'stderr')) ? true : undefined));
    await core.api.stopServer({ name: 'everything' });
    const next = await core.api.readLogs({ server: 'everything', after: first.cursor });
    // (A listing the stop cut short may be noted before it.)
    expect(next.lines.map((l) => l.text)).toContain('stopped');
    expect(next.missed).toBe(0);
    expect(next.lines[0]?.seq).toBe(first.cursor + 1);
    await expect(core.api.readLogs({ server: 'nowhere' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it("keeps the server's own log messages and a crash's stderr, redacted", async () => {
    await core.api.callTool({ server: 'fault', tool: 'log', arguments: { message: `token is ${SECRET}` } });
    await core.api.callTool({ server: 'fault', tool: 'crash', arguments: {} }).catch(() => undefined);
    const lines = await eventually(async () => {
      const tail = await core.api.readLogs({ server: 'fault' });
      return tail.lines.some((l) => l.text === 'fatal: the crash tool was called') ? tail.lines : undefined;
    });
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'message', level: 'warning', text: 'fault: token is [redacted]' }));
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    expect(JSON.stringify(live)).not.toContain(SECRET);
  });

  it("reads the reference server's resources: text, a blob, and a template's URI", async () => {
    const { resources, templates } = await core.api.listResources({ server: 'everything' });
    const text = resources.find((r) => r.mimeType === 'text/markdown' || r.uri.endsWith('.md'));
    expect(text).toBeDefined();
    const read = await core.api.readResource({ server: 'everything', uri: text!.uri });
    expect(read.contents[0]).toMatchObject({ uri: text!.uri, text: expect.any(String) as unknown });
    expect(templates.map((t) => t.uriTemplate)).toContain('demo://resource/dynamic/blob/{resourceId}');
    const blob = await core.api.readResource({ server: 'everything', uri: 'demo://resource/dynamic/blob/5' });
    expect(Buffer.from(blob.contents[0]?.blob ?? '', 'base64').toString('utf8')).toMatch(/^Resource 5: This is a base64 blob/);
    await expect(core.api.readResource({ server: 'everything', uri: 'demo://resource/dynamic/text/zero' })).rejects.toMatchObject({ code: expect.stringMatching(/not_found|invalid_input|server_unavailable/) as unknown });
  });

  it('gets a prompt with its arguments', async () => {
    const prompt = await core.api.getPrompt({ server: 'everything', name: 'args-prompt', arguments: { city: 'Lyon' } });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: "What's weather in Lyon?" } }]);
  });
});
