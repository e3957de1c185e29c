import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: Buffer;
  type: string;
}

/** A file under root for a URL path, or null; `..` and absolute tricks never leave root. */
export async function readStatic(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const path = normalize(join(root, relative));
  if (path !== root && !path.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  const type = TYPES[extname(path)];
  if (!type) return null;
  try {
    return { body: await readFile(path), type };
  } catch {
    return null;
  }
}
