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
});
