import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { askingServer } from '../fixtures/servers/config';
import { useUiSession } from '../support/e2e';

const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

const ui = useUiSession();

beforeAll(async () => {
  await ui.api('addServer', { name: 'asking', config: askingServer() });
  await ui.api('approveServer', { name: 'asking' });
}, 45_000);

describe('a service asking back, in Chromium', () => {
  it('our server: the dialog shows the form with its defaults filled; Accept returns them', async () => {
    const call = ui.api('callTool', { server: 'asking', tool: 'ask-defaults', callId: 'e2e-defaults' });
    const dialog = ui.page.getByRole('dialog', { name: 'asking asks for information' });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByText('Check the defaults').isVisible()).toBe(true);
    expect(await dialog.getByLabel(/Title/).inputValue()).toBe('It was a dark and stormy night.');
    expect(await dialog.getByLabel(/Count/).inputValue()).toBe('42');
    expect(await dialog.getByLabel(/Ratio/).inputValue()).toBe('3.14');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    expect(textOf(await call)).toBe('defaults ok');
    await dialog.waitFor({ state: 'detached' });
    expect(ui.problems).toEqual([]);
  });

  it('server-everything through the bridge for an agent whose client cannot elicit: the person fills the form and the values reach the server', async () => {
    const { token } = await ui.api<{ token: string }>('addAgent', { name: 'plain', servers: ['everything'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const client = new Client({ name: 'plain', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(ui.served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      const call = client.callTool({ name: 'everything__trigger-elicitation-request', arguments: {} });
      const dialog = ui.page.getByRole('dialog', { name: 'everything asks for information' });
      await dialog.waitFor({ timeout: 20_000 });
      expect(await dialog.getByText(/by agent “plain”/).isVisible()).toBe(true);
      expect(await dialog.getByLabel('String with default').inputValue()).toBe('It was a dark and stormy night.');
      await dialog.getByLabel(/^String\*?$/).fill('Ada Lovelace');
      await dialog.getByRole('button', { name: 'Accept' }).click();
      const text = textOf(await call);
      expect(text).toContain('Name: Ada Lovelace');
      expect(text).toContain('Favorite Integer: 42');
    } finally {
      await client.close();
    }
  });
});
