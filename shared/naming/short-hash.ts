/** 64-bit FNV-1a over UTF-16 code units, as 16 hex digits: stable across runs and platforms, no crypto needed. */
export function shortHash(text: string): string {
  // Two 32-bit halves, because 64-bit multiplication does not fit a JS number.
  let h1 = 0x84222325;
  let h2 = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    h1 = (h1 ^ text.charCodeAt(i)) >>> 0;
    // Multiply by the 64-bit FNV prime 0x100000001b3 = 2^40 + 0x1b3, split into halves.
    const lo = h1 * 0x1b3;
    const hi = h2 * 0x1b3 + ((h1 << 8) >>> 0) + Math.floor(lo / 0x100000000);
    h1 = lo >>> 0;
    h2 = hi >>> 0;
  }
  return h2.toString(16).padStart(8, '0') + h1.toString(16).padStart(8, '0');
}
