// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingAsk, SamplingPartView } from '../../../shared/api';
import { GIF_8X8, JPEG_64X40, PNG_64X40, SVG_WITH_SCRIPT, WEBP_64X40 } from '../../../test/fixtures/servers/sampling-media';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const base = { server: 'shop', requestedAt: 1, expiresAt: 2, asker: 'agent "claude"', agent: 'claude', call: 'tool "checkout"' };
const image = (mimeType: string, data: string, width = 64, height = 40): SamplingPartView => ({ type: 'image', mimeType, bytes: atob(data).length, data, width, height });
/** A PNG's signature and header only, of the size given: enough for the checks, nothing to decode. */
const pngHeader = (width: number, height: number): string => {
  const u32 = (n: number) => String.fromCharCode((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
  return btoa(`\x89PNG\r\n\x1a\n${u32(13)}IHDR${u32(width)}${u32(height)}\x08\x06\0\0\0`);
};

async function card(parts: SamplingPartView[], text = 'the text of older cores') {
  const ask: PendingAsk = { ...base, id: 's1', kind: 'sampling', message: 'asks', messages: [{ role: 'user', text, parts }], maxTokens: 20 };
  renderApp(createFakeApi({ listAsks: () => [ask] }));
  return within(await screen.findByRole('dialog', { name: "shop asks the agent's model" }));
}

describe("a sampling request's images and audio on the card", () => {
  it('shows each image of a shown type as a thumbnail from its data, with its type, size and pixels', async () => {
    const dialog = await card([
      { type: 'text', text: 'Which shows a circle?' },
      image('image/png', PNG_64X40),
      image('image/jpeg', JPEG_64X40),
      image('image/webp', WEBP_64X40),
      image('image/gif', GIF_8X8, 8, 8),
    ]);
    expect(dialog.getByText('Which shows a circle?')).toBeTruthy();
    expect(dialog.queryByText('the text of older cores')).toBeNull();
    const images = dialog.getAllByRole<HTMLImageElement>('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      `data:image/png;base64,${PNG_64X40}`,
      `data:image/jpeg;base64,${JPEG_64X40}`,
      `data:image/webp;base64,${WEBP_64X40}`,
      `data:image/gif;base64,${GIF_8X8}`,
    ]);
    expect(images.map((img) => img.alt)).toEqual(['png', 'jpeg', 'webp', 'gif'].map((t) => `An image the service sent (image/${t})`));
    expect(images.map((img) => [img.width, img.height])).toEqual([[64, 40], [64, 40], [64, 40], [8, 8]]);
    expect(dialog.getByText(`Image: image/png, ${(atob(PNG_64X40).length / 1024).toFixed(1)} KB, 64 × 40`)).toBeTruthy();
    expect(dialog.getByText(`Image: image/gif, ${atob(GIF_8X8).length} bytes, 8 × 8`)).toBeTruthy();
  });

  it('scales a large image into its thumbnail box, keeping its shape', async () => {
    const dialog = await card([image('image/png', pngHeader(1000, 500), 1000, 500)]);
    const img = dialog.getByRole<HTMLImageElement>('img');
    expect([img.width, img.height]).toEqual([240, 120]);
  });

  it('never shows an SVG, malformed base64, bytes of another type than named, or too many pixels: their facts only, and the card works', async () => {
    const dialog = await card([
      // As a core of another version might send them: checked here again.
      image('image/svg+xml', SVG_WITH_SCRIPT),
      { type: 'image', mimeType: 'image/png', data: 'not base64 at all!' },
      image('image/png', JPEG_64X40),
      image('image/png', pngHeader(100_000, 100_000)),
      // The type is never put into the address as sent: only the checked one is.
      image('image/png;base64,AAAA#', PNG_64X40),
      // As this core sends what it does not show.
      { type: 'image', mimeType: 'image/tiff', bytes: 12, unshown: 'not a type shown here' },
    ]);
    const images = dialog.getAllByRole<HTMLImageElement>('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual([`data:image/png;base64,${PNG_64X40}`]);
    expect(dialog.getByText(/^Image: image\/svg\+xml, .*; not shown: not a type shown here$/)).toBeTruthy();
    expect(dialog.getByText('Image: image/png, size unknown; not shown: its data is not base64')).toBeTruthy();
    expect(dialog.getByText(`Image: image/png, ${(atob(JPEG_64X40).length / 1024).toFixed(1)} KB; not shown: its bytes are not of type image/png`)).toBeTruthy();
    expect(dialog.getByText(/not shown: 100000 × 100000 pixels, too many to show$/)).toBeTruthy();
    expect(dialog.getByText('Image: image/tiff, 12 bytes; not shown: not a type shown here')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Send to the agent' })).toBeTruthy();
  });

  it('an image the browser cannot decode falls back to its facts', async () => {
    const dialog = await card([image('image/png', PNG_64X40)]);
    fireEvent.error(dialog.getByRole('img'));
    expect(dialog.queryByRole('img')).toBeNull();
    expect(dialog.getByText(/; not shown: the image could not be read$/)).toBeTruthy();
  });

  it('shows audio by its type, size and duration, without a player; another block by its type; an older core\'s text', async () => {
    const dialog = await card([
      { type: 'audio', mimeType: 'audio/wav', bytes: 2044, durationMs: 250 },
      { type: 'audio', mimeType: 'audio/mpeg', bytes: 3 * 1024 * 1024, durationMs: 125_000 },
      { type: 'audio', mimeType: 'audio/ogg\u202e' },
      { type: 'resource_link' },
    ]);
    expect(dialog.getByText('Audio: audio/wav, 2.0 KB, 0.25 s; not played here')).toBeTruthy();
    expect(dialog.getByText('Audio: audio/mpeg, 3.0 MB, 2:05; not played here')).toBeTruthy();
    expect(dialog.getByText('Audio: audio/ogg\\u202e, size unknown; not played here')).toBeTruthy();
    expect(dialog.getByText('[resource_link]')).toBeTruthy();
    expect(document.querySelector('audio, video')).toBeNull();
    cleanup();

    const older: PendingAsk = { ...base, id: 's2', kind: 'sampling', message: 'asks', messages: [{ role: 'user', text: 'Look:\n[image image/png]' }], maxTokens: 20 };
    renderApp(createFakeApi({ listAsks: () => [older] }));
    expect(await screen.findByText(/^Look:\s+\[image image\/png\]$/)).toBeTruthy();
  });

  it('cuts a long text of a message as an ask message is, in parts and in the text of older cores', async () => {
    // Longer than a tool description's "Show all" lays out: a sampling text is approved whole, so all of it shows.
    const long = `Summarize ${'lorem ipsum '.repeat(2_500)}`;
    const dialog = await card([{ type: 'text', text: long }]);
    const shown = dialog.getByText(/^Summarize lorem/);
    expect(shown.textContent?.length).toBeLessThan(400);
    fireEvent.click(dialog.getByRole('button', { name: `Show all ${long.length.toLocaleString('en-US')} characters` }));
    expect(shown.textContent).toBe(long);
    expect(shown.closest('.show-all-box')?.contains(dialog.getByRole('button', { name: 'Show less' }))).toBe(false);
    cleanup();

    const older: PendingAsk = { ...base, id: 's3', kind: 'sampling', message: 'asks', messages: [{ role: 'user', text: long }], maxTokens: 20 };
    renderApp(createFakeApi({ listAsks: () => [older] }));
    expect((await screen.findByText(/^Summarize lorem/)).textContent?.length).toBeLessThan(400);
    expect(screen.getByRole('button', { name: `Show all ${long.length.toLocaleString('en-US')} characters` })).toBeTruthy();
  });
});
