// Draws the app icons with the same code as the tray icons (electron/shell/icons), so nothing binary
// is downloaded. Run from the repository root: node --import tsx build/icons/generate-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drawIcon } from '../../electron/shell/icons/draw-icon.ts';
import { encodePng } from '../../electron/shell/icons/png.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const write = (file, size) => writeFileSync(`${here}${file}`, encodePng(size, size, drawIcon(size, 'none')));

// macOS (.icns) and Windows (.ico) are made from this by electron-builder; 1024 px covers Retina.
write('icon.png', 1024);
// Linux: one file per size, named by size as electron-builder expects of an icon folder.
mkdirSync(`${here}linux`, { recursive: true });
for (const size of [16, 24, 32, 48, 64, 128, 256, 512]) write(`linux/${size}x${size}.png`, size);
