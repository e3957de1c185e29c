import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

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

/**
 * The most bytes of built files held in memory (the UI's build is about 12 MB, its source map 10 of
 * them). A file that does not fit is streamed from disk for each request instead.
 */
export const STATIC_MEMORY_BYTES = 64 * 1024 * 1024;

/** A file to answer with: its bytes held once for every request, or read from disk per request. */
export type StaticFile = { type: string; body: Buffer } | { type: string; path: string; size: number };

export interface StaticFiles {
  /** The file under root for a URL path, or null; `..` and absolute tricks never leave root. */
  read(urlPath: string): Promise<StaticFile | null>;
}

/**
 * The web UI's built files. Each is read from disk once and the one Buffer answers every request:
 * the files do not change while the server runs, and a response queued for a client that never reads
 * (or pipelines a hundred requests) then holds a reference, not a copy of the file. Misses are not
 * remembered, so asking for many names costs no memory.
 */
export function staticFiles(root: string, budget = STATIC_MEMORY_BYTES): StaticFiles {
  const held = new Map<string, Promise<StaticFile | null>>();
  let used = 0;

  async function load(path: string, type: string): Promise<StaticFile | null> {
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return null;
    if (used + info.size > budget) return { type, path, size: info.size };
    used += info.size;
    try {
      return { type, body: await readFile(path) };
    } catch {
      used -= info.size;
      return null;
    }
  }

  return {
    read(urlPath) {
      const path = resolveUnder(root, urlPath);
      const type = path === null ? undefined : TYPES[extname(path)];
      if (path === null || type === undefined) return Promise.resolve(null);
      let file = held.get(path);
      if (file === undefined) {
        // Concurrent first requests share one read; only a file kept in memory stays.
        file = load(path, type);
        held.set(path, file);
        void file.then((found) => {
          if (found === null || !('body' in found)) held.delete(path);
        });
      }
      return file;
    },
  };
}

/** Answers 200 with the file: the shared bytes, or a stream from disk that waits on its client. */
export async function sendStatic(response: ServerResponse, file: StaticFile, headers: OutgoingHttpHeaders): Promise<void> {
  if ('body' in file) {
    response.writeHead(200, { ...headers, 'content-type': file.type });
    response.end(file.body);
    return;
  }
  response.writeHead(200, { ...headers, 'content-type': file.type, 'content-length': file.size });
  // HEAD: the head alone (RFC 9110 §9.3.2); Node drops a body written to it, but the file need not be read.
  if (response.req.method === 'HEAD') {
    response.end();
    return;
  }
  await pipeline(createReadStream(file.path), response).catch(() => response.destroy());
}

function resolveUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const path = normalize(join(root, relative));
  return path !== root && path.startsWith(root.endsWith(sep) ? root : root + sep) ? path : null;
}
