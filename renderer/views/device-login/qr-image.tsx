import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The verification address as a QR code (an SVG in a data: URL, which the page CSP allows for images). */
export function QrImage({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } }).then(
      (svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => {
        if (live) setSrc(null);
      },
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (src === null) return null;
  return <img className="qr" src={src} alt={label} width={176} height={176} />;
}
