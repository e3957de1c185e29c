import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { askingServer } from '../fixtures/servers/config';
import { SCREENS_DIR, useUiSession } from '../support/e2e';

// A service's sampling request holding images and audio, through the real bridge and core, on the
// card in Chromium: the PNG, JPEG, WebP and GIF decoded by the browser under the page's CSP, the SVG,
// the mislabelled and the huge one by their facts, the audio without a player.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

const ui = useUiSession();

beforeAll(async () => {
  await ui.api('addServer', { name: 'asking', config: askingServer() });
  await ui.api('approveServer', { name: 'asking' });
}, 45_000);

describe('a sampling request with images, in Chromium', () => {
  it('shows each image of a shown type as a decoded thumbnail, the rest by their facts; declined, the model gets nothing', async () => {
    const { token } = await ui.api<{ token: string }>('addAgent', { name: 'sampler', servers: ['asking'], policy: ALLOW_ALL });
    const client = new Client({ name: 'sampler', version: '1.0.0' }, { capabilities: { sampling: {} } });
    const sampled: unknown[] = [];
    client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      sampled.push(request.params);
      return { role: 'assistant', model: 'm', content: { type: 'text', text: 'the circle is in the first' } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(ui.served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      await ui.page.setViewportSize({ width: 1280, height: 1000 });
      const call = client.callTool({ name: 'asking__ask-sample-media', arguments: {} });
      const dialog = ui.page.getByRole('dialog', { name: "asking asks the agent's model" });
      await dialog.waitFor({ timeout: 20_000 });
      const images = dialog.getByRole('img');
      await expect.poll(() => images.count()).toBe(4);
      // Decoded by Chromium: each has its pixels, none fell back to its facts.
      await expect
        .poll(() => images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth)))
        .toEqual([64, 64, 64, 8]);
      expect(await dialog.getByText(/^Image: image\/svg\+xml, .*; not shown: not a type shown here$/).isVisible()).toBe(true);
      expect(await dialog.getByText(/not shown: its bytes are not of type image\/png$/).isVisible()).toBe(true);
      expect(await dialog.getByText(/not shown: 100000 × 100000 pixels, too many to show$/).isVisible()).toBe(true);
      expect(await dialog.getByText('Audio: audio/wav, 2.0 KB, 0.25 s; not played here').isVisible()).toBe(true);
      expect(await ui.page.locator('audio, video, object, embed, iframe').count()).toBe(0);
      await dialog.screenshot({ path: join(SCREENS_DIR, 'sampling-media-card.png') });

      await dialog.getByRole('button', { name: 'Decline' }).click();
      const said = ((await call) as { content: { text?: string }[] }).content[0]?.text ?? '';
      expect(said).toMatch(/^refused: /);
      expect(sampled).toEqual([]);
    } finally {
      await client.close();
    }
  }, 90_000);

  it('had no console errors or CSP violations', () => {
    expect(ui.problems).toEqual([]);
  });
});
