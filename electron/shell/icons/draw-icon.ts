/** What the badge in the corner says; `none` for the app icon. */
export type IconBadge = 'ok' | 'attention' | 'error' | 'none';

type Rgba = readonly [number, number, number, number];

const BACKGROUND: Rgba = [15, 118, 110, 255];
const GLYPH: Rgba = [255, 255, 255, 255];
const RING: Rgba = [255, 255, 255, 255];
const BADGES: Record<Exclude<IconBadge, 'none'>, Rgba> = {
  ok: [22, 163, 74, 255],
  attention: [245, 158, 11, 255],
  error: [220, 38, 38, 255],
};

/** A shape in unit coordinates (0..1 across the icon). */
type Shape = (x: number, y: number) => boolean;

function circle(cx: number, cy: number, r: number): Shape {
  return (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function segment(ax: number, ay: number, bx: number, by: number, halfWidth: number): Shape {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  return (x, y) => {
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length2));
    return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= halfWidth * halfWidth;
  };
}

function roundedSquare(inset: number, radius: number): Shape {
  const lo = inset + radius;
  const hi = 1 - inset - radius;
  return (x, y) => {
    const qx = Math.max(lo - x, 0, x - hi);
    const qy = Math.max(lo - y, 0, y - hi);
    return x >= inset && x <= 1 - inset && y >= inset && y <= 1 - inset && qx * qx + qy * qy <= radius * radius;
  };
}

/** A hub with three connected services, on a rounded square; a status dot in the corner. */
function layers(badge: IconBadge): { shape: Shape; color: Rgba }[] {
  const hub = { x: 0.5, y: 0.5 };
  const satellites = [-90, 30, 150].map((deg) => ({ x: hub.x + 0.27 * Math.cos((deg * Math.PI) / 180), y: hub.y + 0.27 * Math.sin((deg * Math.PI) / 180) }));
  const out = [
    { shape: roundedSquare(0.04, 0.2), color: BACKGROUND },
    ...satellites.map((s) => ({ shape: segment(hub.x, hub.y, s.x, s.y, 0.035), color: GLYPH })),
    { shape: circle(hub.x, hub.y, 0.13), color: GLYPH },
    ...satellites.map((s) => ({ shape: circle(s.x, s.y, 0.09), color: GLYPH })),
  ];
  if (badge !== 'none') {
    out.push({ shape: circle(0.78, 0.78, 0.23), color: RING }, { shape: circle(0.78, 0.78, 0.18), color: BADGES[badge] });
  }
  return out;
}

/**
 * The icon as `size`×`size` RGBA pixels, anti-aliased by 4×4 supersampling. Pure, so the same
 * drawing makes the tray icons at run time and the app icons at build time.
 */
export function drawIcon(size: number, badge: IconBadge): Uint8Array {
  const stack = layers(badge);
  const pixels = new Uint8Array(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = (px + (sx + 0.5) / n) / size;
          const y = (py + (sy + 0.5) / n) / size;
          let color: Rgba | undefined;
          for (const layer of stack) if (layer.shape(x, y)) color = layer.color;
          if (!color) continue;
          // Premultiplied, so edges blend toward transparency rather than toward black.
          r += color[0] * color[3];
          g += color[1] * color[3];
          b += color[2] * color[3];
          a += color[3];
        }
      }
      const i = (py * size + px) * 4;
      pixels[i + 3] = Math.round(a / (n * n));
      if (a > 0) {
        pixels[i] = Math.round(r / a);
        pixels[i + 1] = Math.round(g / a);
        pixels[i + 2] = Math.round(b / a);
      }
    }
  }
  return pixels;
}
