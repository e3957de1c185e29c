import { describe, expect, it } from 'vitest';
import { GIF_8X8, JPEG_64X40, PNG_64X40, PNG_HUGE_HEADER, SVG_WITH_SCRIPT, WAV_250MS, WEBP_64X40 } from '../../test/fixtures/servers/sampling-media';
import { base64Size, imageShowable, MAX_SHOWN_IMAGE_BYTES, wavDurationMs } from './media-facts';

describe('base64Size', () => {
  it('counts the bytes of padded base64 (RFC 4648 §4)', () => {
    expect([base64Size(''), base64Size('QQ=='), base64Size('QUI='), base64Size('QUJD'), base64Size('QUJDRA==')]).toEqual([0, 1, 2, 3, 4]);
  });

  it('refuses anything else: no padding, a character outside the alphabet, padding inside, base64url, whitespace', () => {
    for (const bad of ['QQ', 'QUJ', 'QU=D', '====', 'QQ=A', 'QUJ-', 'QUJ_', 'QU JD', 'QUJD\n', 'A===', 'not base64 at all!']) expect(base64Size(bad), bad).toBeUndefined();
  });
});

describe('imageShowable', () => {
  it('reads the pixel size of each shown type from its own bytes', () => {
    expect(imageShowable(PNG_64X40, 'image/png')).toMatchObject({ size: { width: 64, height: 40 } });
    expect(imageShowable(JPEG_64X40, 'image/jpeg')).toMatchObject({ size: { width: 64, height: 40 } });
    expect(imageShowable(WEBP_64X40, 'image/webp')).toMatchObject({ size: { width: 64, height: 40 } });
    expect(imageShowable(GIF_8X8, 'IMAGE/GIF; charset=binary')).toMatchObject({ size: { width: 8, height: 8 } });
  });

  it('shows no SVG, nothing that is not base64, no bytes of another type than named, no image too large', () => {
    expect(imageShowable(SVG_WITH_SCRIPT, 'image/svg+xml')).toEqual({ unshown: 'not a type shown here' });
    expect(imageShowable(PNG_64X40, 'image/x-icon')).toEqual({ unshown: 'not a type shown here' });
    expect(imageShowable('not base64 at all!', 'image/png')).toEqual({ unshown: 'its data is not base64' });
    expect(imageShowable(JPEG_64X40, 'image/png')).toEqual({ unshown: 'its bytes are not of type image/png' });
    expect(imageShowable(SVG_WITH_SCRIPT, 'image/png')).toEqual({ unshown: 'its bytes are not of type image/png' });
    expect(imageShowable(PNG_64X40.slice(0, 16), 'image/png')).toEqual({ unshown: 'its bytes are not of type image/png' });
    expect(imageShowable(PNG_HUGE_HEADER, 'image/png')).toEqual({ unshown: '100000 × 100000 pixels, too many to show' });
    expect(imageShowable('AAAA'.repeat(Math.ceil(MAX_SHOWN_IMAGE_BYTES / 3) + 1), 'image/png')).toEqual({ unshown: 'larger than 1 MiB' });
  });

  it('does not read past the bytes of a truncated JPEG', () => {
    const start = atob(JPEG_64X40).slice(0, 30);
    expect(imageShowable(btoa(start), 'image/jpeg')).toEqual({ unshown: 'its bytes are not of type image/jpeg' });
  });
});

describe('wavDurationMs', () => {
  it('reads a WAV\'s duration from its header, and nothing of another type', () => {
    expect(wavDurationMs(WAV_250MS, 'audio/wav', base64Size(WAV_250MS) ?? 0)).toBe(250);
    expect(wavDurationMs(WAV_250MS, 'audio/mpeg', base64Size(WAV_250MS) ?? 0)).toBeUndefined();
    expect(wavDurationMs(PNG_64X40, 'audio/wav', base64Size(PNG_64X40) ?? 0)).toBeUndefined();
  });

  describe('a GIF is as large as its largest frame, as a browser decodes it', () => {
    /** A GIF89a: a logical screen, then one frame of the given size (an empty LZW stream, a trailer). */
    function gif(screen: [number, number], frame: [number, number], options: { trailer?: boolean; extension?: boolean } = {}): string {
      const u16 = (n: number): number[] => [n & 0xff, n >> 8];
      const bytes = [
        ...[...'GIF89a'].map((c) => c.charCodeAt(0)),
        ...u16(screen[0]), ...u16(screen[1]), 0x80, 0, 0, // a global colour table of 2 entries
        0, 0, 0, 255, 255, 255,
        ...(options.extension !== false ? [0x21, 0xf9, 4, 0, 0, 0, 0, 0] : []), // a graphic control extension
        0x2c, ...u16(0), ...u16(0), ...u16(frame[0]), ...u16(frame[1]), 0, // the image descriptor
        2, 2, 0x4c, 0x01, 0, // LZW minimum code size 2, one sub-block, the end
        ...(options.trailer !== false ? [0x3b] : []),
      ];
      return btoa(String.fromCharCode(...bytes));
    }

    it('a 1 × 1 screen holding a 5000 × 4000 frame is 5000 × 4000, too many pixels to show', () => {
      expect(imageShowable(gif([1, 1], [5000, 4000]), 'image/gif')).toEqual({ unshown: '5000 × 4000 pixels, too many to show' });
    });

    it('a frame within its screen leaves the screen size', () => {
      expect(imageShowable(gif([64, 40], [8, 8]), 'image/gif')).toMatchObject({ size: { width: 64, height: 40 } });
      expect(imageShowable(gif([64, 40], [8, 8], { extension: false }), 'image/gif')).toMatchObject({ size: { width: 64, height: 40 } });
    });

    it('a GIF whose blocks end before its trailer is not shown', () => {
      expect(imageShowable(gif([8, 8], [8, 8], { trailer: false }), 'image/gif')).toEqual({ unshown: 'its bytes are not of type image/gif' });
    });
  });
});
