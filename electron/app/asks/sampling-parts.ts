import type { AudioContent, ImageContent } from '@modelcontextprotocol/client';
import { base64Size, imageShowable, wavDurationMs, type SamplingPartView } from '../../../shared/api';
import { redact } from '../../../shared/redact';

/** Image bytes one request shows at most, however many it holds: the view reaches every window open. */
export const MAX_SHOWN_REQUEST_IMAGE_BYTES = 4 * 1024 * 1024;
/**
 * Pixels one request shows at most: two of the largest images. A flat image compresses to a few bytes
 * a pixel row, so the byte budget alone let one request have the page decode hundreds of them.
 */
export const MAX_SHOWN_REQUEST_IMAGE_PIXELS = 2 * 4096 * 4096;
/** A type is a few words: one longer is cut, as the person sees it. */
const MAX_TYPE_CHARS = 100;

function shownType(mimeType: string): string {
  const cut = mimeType.length <= MAX_TYPE_CHARS ? mimeType : `${mimeType.slice(0, MAX_TYPE_CHARS)}…`;
  return redact(cut);
}

/**
 * An image or audio block as the person is shown it: its type and size; an image's base64 only when
 * it may be shown as pixels (shared/api/media-facts.ts) within what is left of `budget` (bytes and pixels), which it
 * takes from; a WAV's duration. No player: the pages' CSP has no `media-src data:`.
 */
export function mediaPart(block: ImageContent | AudioContent, budget: { bytes: number; pixels: number }): SamplingPartView {
  const bytes = base64Size(block.data);
  const facts: SamplingPartView = { type: block.type, mimeType: shownType(block.mimeType), ...(bytes !== undefined ? { bytes } : {}) };
  if (block.type === 'audio') {
    const durationMs = bytes === undefined ? undefined : wavDurationMs(block.data, block.mimeType, bytes);
    return durationMs === undefined ? facts : { ...facts, durationMs };
  }
  const shown = imageShowable(block.data, block.mimeType);
  if ('unshown' in shown) return { ...facts, unshown: shown.unshown };
  if (shown.bytes > budget.bytes) return { ...facts, unshown: `past the ${MAX_SHOWN_REQUEST_IMAGE_BYTES / 1024 / 1024} MiB of images one request shows` };
  const pixels = shown.size.width * shown.size.height;
  if (pixels > budget.pixels) return { ...facts, unshown: `past the ${MAX_SHOWN_REQUEST_IMAGE_PIXELS / 1024 / 1024} million pixels of images one request shows` };
  budget.bytes -= shown.bytes;
  budget.pixels -= pixels;
  return { ...facts, data: block.data, width: shown.size.width, height: shown.size.height };
}
