import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { GIF_8X8, JPEG_64X40, MALFORMED_IMAGE, MEDIA_SAMPLING, PNG_64X40, WEBP_64X40 } from '../../../test/fixtures/servers/sampling-media';
import { samplingRouter } from '../../../test/support/sampling-router';
import { MAX_SHOWN_REQUEST_IMAGE_BYTES } from './sampling-parts';

// The person approving a sampling request sees its images, not only their type: each block as a
// part, an image's data only when it may be shown as pixels, within one budget per request.

async function shown(params: unknown) {
  const { waiting, sample } = samplingRouter();
  void sample(params as CreateMessageRequestParams).catch(() => undefined);
  await expect.poll(() => waiting.list().length).toBe(1);
  return waiting.list()[0]?.messages ?? [];
}

const size = (data: string) => atob(data).length;

describe('a sampling request\'s images and audio, as the person is shown them', () => {
  it('shows each block in order: text, an image of a shown type with its data and pixels, the rest by type, size and what is known', async () => {
    const [question, pictures, others] = await shown(MEDIA_SAMPLING);
    expect(question).toEqual({ role: 'user', text: 'Which of these pictures shows a white circle?', parts: [{ type: 'text', text: 'Which of these pictures shows a white circle?' }] });
    expect(pictures?.text).toBe('[image image/png]\n[image image/jpeg]\n[image image/webp]\n[image image/gif]');
    expect(pictures?.parts).toEqual([
      { type: 'image', mimeType: 'image/png', bytes: size(PNG_64X40), data: PNG_64X40, width: 64, height: 40 },
      { type: 'image', mimeType: 'image/jpeg', bytes: size(JPEG_64X40), data: JPEG_64X40, width: 64, height: 40 },
      { type: 'image', mimeType: 'image/webp', bytes: size(WEBP_64X40), data: WEBP_64X40, width: 64, height: 40 },
      { type: 'image', mimeType: 'image/gif', bytes: size(GIF_8X8), data: GIF_8X8, width: 8, height: 8 },
    ]);
    expect(others?.parts).toEqual([
      { type: 'image', mimeType: 'image/svg+xml', bytes: expect.any(Number) as unknown, unshown: 'not a type shown here' },
      { type: 'image', mimeType: 'image/png', bytes: size(JPEG_64X40), unshown: 'its bytes are not of type image/png' },
      { type: 'image', mimeType: 'image/png', bytes: 29, unshown: '100000 × 100000 pixels, too many to show' },
      { type: 'audio', mimeType: 'audio/wav', bytes: expect.any(Number) as unknown, durationMs: 250 },
      { type: 'audio', mimeType: 'audio/mpeg', bytes: 45 },
    ]);
  });

  it('shows data that is not base64 by its type alone', async () => {
    const [message] = await shown({ messages: [{ role: 'user', content: MALFORMED_IMAGE }], maxTokens: 5 });
    expect(message?.parts).toEqual([{ type: 'image', mimeType: 'image/png', unshown: 'its data is not base64' }]);
  });

  it('sends at most 4 MiB of images per request to the page; the rest by their facts', async () => {
    // A PNG's signature and header, then filler: just under 1 MiB each.
    const header = atob(PNG_64X40).slice(0, 33);
    const big = btoa(header + '\0'.repeat(1024 * 1024 - 3 - header.length));
    const image = { type: 'image', data: big, mimeType: 'image/png' };
    const [message] = await shown({ messages: [{ role: 'user', content: [image, image, image, image, image] }], maxTokens: 5 });
    const parts = message?.parts ?? [];
    expect(parts.filter((p) => p.data !== undefined)).toHaveLength(Math.floor(MAX_SHOWN_REQUEST_IMAGE_BYTES / size(big)));
    expect(parts[4]).toEqual({ type: 'image', mimeType: 'image/png', bytes: size(big), unshown: 'past the 4 MiB of images one request shows' });
  });

  it('shows at most two of the largest images per request: a flat image is few bytes but many pixels to decode', async () => {
    // A PNG's signature and a header saying 4096 × 4096; its pixels are never read here.
    const header = atob(PNG_64X40).slice(0, 33).split('');
    header.splice(16, 8, '\0', '\0', '\x10', '\0', '\0', '\0', '\x10', '\0');
    const flat = btoa(`${header.join('')}${'\0'.repeat(1000)}`);
    const image = { type: 'image', data: flat, mimeType: 'image/png' };
    const [message] = await shown({ messages: [{ role: 'user', content: [image, image, image] }], maxTokens: 5 });
    const parts = message?.parts ?? [];
    expect(parts.slice(0, 2).map((p) => [p.width, p.height])).toEqual([[4096, 4096], [4096, 4096]]);
    expect(parts[2]).toEqual({ type: 'image', mimeType: 'image/png', bytes: size(flat), unshown: 'past the 32 million pixels of images one request shows' });
  });

  it('cuts a long type, as any text a server sends', async () => {
    const [message] = await shown({ messages: [{ role: 'user', content: { type: 'audio', data: 'QUJD', mimeType: `audio/${'x'.repeat(200)}` } }], maxTokens: 5 });
    expect(message?.parts?.[0]?.mimeType).toBe(`audio/${'x'.repeat(94)}…`);
  });
});
