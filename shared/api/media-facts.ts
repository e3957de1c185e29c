/**
 * What can be known cheaply of an image or audio block a server sends (MCP 2025-11-25 ImageContent,
 * AudioContent: base64 `data`, a `mimeType`), so the person approving a sampling request sees it:
 * its size, an image's pixels only when its bytes are what its type says, a WAV's duration.
 */

/** Shown as pixels: formats a browser decodes to pixels only. SVG is a document (script, links, loads): never shown. */
export const SHOWN_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** One image's bytes shown at most. */
export const MAX_SHOWN_IMAGE_BYTES = 1024 * 1024;
/** Its base64, padded (RFC 4648 §4). */
export const MAX_SHOWN_IMAGE_CHARS = Math.ceil(MAX_SHOWN_IMAGE_BYTES / 3) * 4;
/** A small file may still decode to width × height × 4 bytes: at most 4096 × 4096 (64 MiB) is decoded. */
export const MAX_SHOWN_IMAGE_PIXELS = 4096 * 4096;

const WAV_TYPES: readonly string[] = ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'];
/** A WAV's header chunks are read from this many bytes at most. */
const WAV_HEADER_BYTES = 4096;

/** The type without parameters, lower case: `IMAGE/PNG; x=1` → `image/png`. */
export function baseType(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase();
}

function isBase64Char(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 43 || code === 47;
}

/** How many bytes `data` holds as base64 (RFC 4648 §4, padded, nothing else in it), or undefined when it is not that. */
export function base64Size(data: string): number | undefined {
  const n = data.length;
  if (n % 4 !== 0) return undefined;
  const pad = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  // A loop, not a regular expression: the data may be megabytes.
  for (let i = 0; i < n - pad; i++) if (!isBase64Char(data.charCodeAt(i))) return undefined;
  return (n / 4) * 3 - pad;
}

/** The first `maxBytes` bytes (rounded up to 3) of base64 already checked by base64Size. */
export function decodeBase64(data: string, maxBytes: number): Uint8Array {
  const text = atob(data.slice(0, Math.ceil(maxBytes / 3) * 4));
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const u16be = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number): number => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number): number => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number): number => u16be(b, i) * 0x10000 + u16be(b, i + 2);
const u32le = (b: Uint8Array, i: number): number => u16le(b, i) + u16le(b, i + 2) * 0x10000;
const ascii = (b: Uint8Array, i: number, text: string): boolean => [...text].every((c, k) => b[i + k] === c.charCodeAt(0));

export interface Size {
  width: number;
  height: number;
}

function pngSize(b: Uint8Array): Size | undefined {
  // PNG §5.2 signature, then the IHDR chunk first (§5.6).
  if (!(b[0] === 0x89 && ascii(b, 1, 'PNG\r\n\x1a\n') && ascii(b, 12, 'IHDR'))) return undefined;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** Where a run of GIF data sub-blocks (a length byte, that many bytes; a zero length ends it) ends. */
function subBlocksEnd(b: Uint8Array, from: number): number | undefined {
  let i = from;
  while (i < b.length) {
    const length = b[i] ?? 0;
    if (length === 0) return i + 1;
    i += 1 + length;
  }
  return undefined;
}

const colourTable = (packed: number): number => ((packed & 0x80) !== 0 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/**
 * The canvas a browser decodes a GIF into: its logical screen, grown to hold every frame (GIF89a §18,
 * §20), as Chromium grows it to a larger frame. A GIF whose blocks cannot be walked has no size.
 */
function gifSize(b: Uint8Array): Size | undefined {
  if (!(ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) || b.length < 13) return undefined;
  let width = u16le(b, 6);
  let height = u16le(b, 8);
  let i = 13 + colourTable(b[10] ?? 0);
  while (i < b.length) {
    const introducer = b[i];
    if (introducer === 0x3b) return { width, height }; // trailer
    let end: number | undefined;
    if (introducer === 0x21) end = subBlocksEnd(b, i + 2); // an extension: its label, then sub-blocks
    else if (introducer === 0x2c && i + 10 < b.length) {
      width = Math.max(width, u16le(b, i + 1) + u16le(b, i + 5));
      height = Math.max(height, u16le(b, i + 3) + u16le(b, i + 7));
      // The descriptor (10 bytes), its colour table, the LZW minimum code size, then the data's sub-blocks.
      end = subBlocksEnd(b, i + 10 + colourTable(b[i + 9] ?? 0) + 1);
    }
    if (end === undefined) return undefined;
    i = end;
  }
  return undefined;
}

function webpSize(b: Uint8Array): Size | undefined {
  if (!(ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) || b.length < 30) return undefined;
  // RFC 9649 §2.5 (lossy: the VP8 frame header), §2.6 (lossless), §2.7 (extended: the canvas).
  if (ascii(b, 12, 'VP8 ') && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (ascii(b, 12, 'VP8L') && b[20] === 0x2f) {
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: (Math.floor(bits / 0x4000) & 0x3fff) + 1 };
  }
  if (ascii(b, 12, 'VP8X')) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return undefined;
}

/** A JPEG's frame size: its markers walked (ITU T.81 §B.1.1) to the first start of frame. */
function jpegSize(b: Uint8Array): Size | undefined {
  if (!(b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)) return undefined;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { width: u16be(b, i + 7), height: u16be(b, i + 5) };
    // Markers without a length: TEM, RST0–7, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    const length = u16be(b, i + 2);
    if (length < 2 || marker === 0xd9 || marker === 0xda) return undefined;
    i += 2 + length;
  }
  return undefined;
}

const SIZE_OF: Record<string, (b: Uint8Array) => Size | undefined> = { 'image/png': pngSize, 'image/gif': gifSize, 'image/webp': webpSize, 'image/jpeg': jpegSize };

/** An image's pixel size when its bytes are of the type it names and one SHOWN_IMAGE_TYPES holds; else undefined. */
export function imageSize(bytes: Uint8Array, mimeType: string): Size | undefined {
  const type = baseType(mimeType);
  const read = Object.hasOwn(SIZE_OF, type) ? SIZE_OF[type] : undefined;
  const size = read?.(bytes);
  return size !== undefined && size.width > 0 && size.height > 0 ? size : undefined;
}

/** Whether an image may be shown (type, bytes, pixels), or why not, in words for the person. */
export function imageShowable(data: string, mimeType: string): { size: Size; bytes: number } | { unshown: string } {
  if (!SHOWN_IMAGE_TYPES.includes(baseType(mimeType))) return { unshown: 'not a type shown here' };
  const bytes = base64Size(data);
  if (bytes === undefined) return { unshown: 'its data is not base64' };
  if (bytes > MAX_SHOWN_IMAGE_BYTES) return { unshown: `larger than ${MAX_SHOWN_IMAGE_BYTES / 1024 / 1024} MiB` };
  const size = imageSize(decodeBase64(data, bytes), mimeType);
  if (size === undefined) return { unshown: `its bytes are not of type ${baseType(mimeType)}` };
  if (size.width * size.height > MAX_SHOWN_IMAGE_PIXELS) return { unshown: `${size.width} × ${size.height} pixels, too many to show` };
  return { size, bytes };
}

/** A WAV's duration in ms from its header (`fmt ` byte rate, `data` size), else undefined (another type, or not found cheaply). */
export function wavDurationMs(data: string, mimeType: string, bytes: number): number | undefined {
  if (!WAV_TYPES.includes(baseType(mimeType))) return undefined;
  const b = decodeBase64(data, Math.min(bytes, WAV_HEADER_BYTES));
  if (!(ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE'))) return undefined;
  let byteRate = 0;
  for (let i = 12; i + 8 <= b.length; ) {
    const size = u32le(b, i + 4);
    if (ascii(b, i, 'fmt ')) byteRate = u32le(b, i + 16);
    if (ascii(b, i, 'data')) {
      // A streamed WAV says 0xFFFFFFFF: what there is counts.
      const sound = Math.min(size, bytes - (i + 8));
      return byteRate > 0 && sound >= 0 ? Math.round((sound / byteRate) * 1000) : undefined;
    }
    i += 8 + size + (size % 2);
  }
  return undefined;
}
