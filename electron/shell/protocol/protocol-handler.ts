import path from 'node:path';
import { RENDERER_HOST } from '../app-identity';
import { protocolHeaders, RENDERER_CSP } from './content-security-policy';
import { resolveProtocolPath } from './protocol-path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** A page of the shell itself, served from memory (the passphrase dialog). */
export interface BuiltinAsset {
  type: string;
  body: string;
  csp: string;
}

export interface ProtocolHandlerOptions {
  /** Absolute folder of the built renderer. */
  rendererRoot: string;
  readFile: (file: string) => Promise<Uint8Array>;
  /** Other hosts of the scheme → path → asset. Hosts not listed (and not the renderer's) answer 404. */
  builtins?: Record<string, Record<string, BuiltinAsset>>;
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: protocolHeaders('text/plain; charset=utf-8', "default-src 'none'") });
}

/**
 * The app:// protocol: the built renderer from `rendererRoot` under `app://connected-services/`, the
 * shell's own pages on their hosts, 404 for everything else. GET and HEAD only.
 */
export function createProtocolHandler(options: ProtocolHandlerOptions): (request: Request) => Promise<Response> {
  const root = path.resolve(options.rendererRoot);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
    const url = URL.parse(request.url);
    if (!url) return plain(400, 'Bad request');
    const head = request.method === 'HEAD';
    if (url.host !== RENDERER_HOST) {
      const pages = Object.prototype.hasOwnProperty.call(options.builtins ?? {}, url.host) ? options.builtins?.[url.host] : undefined;
      const key = url.pathname === '/' || url.pathname === '' ? '/index.html' : url.pathname;
      const asset = pages && Object.prototype.hasOwnProperty.call(pages, key) ? pages[key] : undefined;
      if (!asset) return plain(404, 'Not found');
      return new Response(head ? null : asset.body, { status: 200, headers: protocolHeaders(asset.type, asset.csp) });
    }
    const file = resolveProtocolPath(root, url);
    const type = file === null ? undefined : TYPES[path.extname(file).toLowerCase()];
    if (file === null || type === undefined) return plain(404, 'Not found');
    let body: Uint8Array;
    try {
      body = await options.readFile(file);
    } catch {
      return plain(404, 'Not found');
    }
    return new Response(head ? null : new Uint8Array(body), { status: 200, headers: protocolHeaders(type, RENDERER_CSP) });
  };
}
