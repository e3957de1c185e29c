const PALETTE = ['#1f5fa8', '#7a3fb0', '#0f6e62', '#a33b1f', '#4a5b12', '#8a2f5b', '#2b4a8a', '#5b4a1f'];

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + char.charCodeAt(0)) >>> 0;
  return h;
}

/** A decorative monogram tile; the name next to it carries the meaning. */
export function ServiceIcon({ iconKey, name }: { iconKey?: string | undefined; name: string }) {
  const key = iconKey ?? name;
  const letters = name.replace(/[^A-Za-z0-9]/g, '').slice(0, 2) || '?';
  return (
    <span className="service-icon" aria-hidden="true" data-icon={key} style={{ background: PALETTE[hash(key) % PALETTE.length] }}>
      {letters.charAt(0).toUpperCase() + letters.slice(1, 2).toLowerCase()}
    </span>
  );
}
