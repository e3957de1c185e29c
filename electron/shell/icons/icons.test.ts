import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawIcon } from './draw-icon';
import { crc32, encodePng } from './png';

function pixel(rgba: Uint8Array, size: number, x: number, y: number): number[] {
  const i = (y * size + x) * 4;
  return [...rgba.subarray(i, i + 4)];
}

describe('encodePng', () => {
  it('computes the PNG CRC-32', () => {
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('writes a PNG whose header and pixels read back', () => {
    const rgba = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 1, 2, 3, 4]);
    const png = encodePng(2, 2, rgba);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(2);
    expect(png.readUInt32BE(20)).toBe(2);
    expect(png.readUInt32BE(29)).toBe(crc32(png.subarray(12, 29)));
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...rows]).toEqual([0, ...rgba.subarray(0, 8), 0, ...rgba.subarray(8)]);
    expect(png.subarray(-8, -4).toString('ascii')).toBe('IEND');
  });

  it('refuses a buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(RangeError);
  });
});

describe('drawIcon', () => {
  it('draws a transparent-cornered square with a white hub', () => {
    const size = 64;
    const rgba = drawIcon(size, 'none');
    expect(rgba.length).toBe(size * size * 4);
    expect(pixel(rgba, size, 0, 0)[3]).toBe(0);
    expect(pixel(rgba, size, 32, 32)).toEqual([255, 255, 255, 255]);
    expect(pixel(rgba, size, 10, 32)).toEqual([15, 118, 110, 255]);
  });

  it('paints the badge in the colour of the state', () => {
    const size = 32;
    const at = (badge: 'ok' | 'attention' | 'error') => pixel(drawIcon(size, badge), size, 25, 25);
    expect(at('ok')).toEqual([22, 163, 74, 255]);
    expect(at('attention')).toEqual([245, 158, 11, 255]);
    expect(at('error')).toEqual([220, 38, 38, 255]);
    expect(pixel(drawIcon(size, 'none'), size, 25, 25)).not.toEqual([220, 38, 38, 255]);
  });
});
