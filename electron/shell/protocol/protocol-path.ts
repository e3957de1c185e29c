import path from 'node:path';
import { APP_SCHEME, RENDERER_HOST } from '../app-identity';

/** Longer URLs are not ours: the built renderer's paths are short. */
const MAX_URL_LENGTH = 2048;
/** One path segment after decoding: no separators, NUL, drive colons, or leading dot (`.`, `..`, dotfiles). */
const SAFE_SEGMENT = /^(?!\.)[^/\\:\0]+$/;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The file under `root` that an `app://connected-services/…` URL names, or null when the URL is not
 * ours or would leave `root`. Pure: string work only; `root` must be absolute.
 *
 * The URL parser already folds `..` and `%2e%2e` segments; each remaining segment is decoded and
 * refused if it could still act as a separator or a parent (`%2f`, `%5c`, `..`), so no encoding
 * trick reaches outside the folder. `/` serves index.html; other folders are never listed.
 */
export function resolveProtocolPath(root: string, url: string | URL, pathApi: path.PlatformPath = path): string | null {
  const href = typeof url === 'string' ? url : url.href;
  if (href.length > MAX_URL_LENGTH || !pathApi.isAbsolute(root)) return null;
  const parsed = URL.parse(href);
  if (!parsed || parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== RENDERER_HOST) return null;
  if (parsed.username !== '' || parsed.password !== '') return null;
  const raw = parsed.pathname === '' || parsed.pathname === '/' ? ['index.html'] : parsed.pathname.slice(1).split('/');
  const segments: string[] = [];
  for (const segment of raw) {
    const decoded = decode(segment);
    if (decoded === null || !SAFE_SEGMENT.test(decoded)) return null;
    segments.push(decoded);
  }
  const base = pathApi.resolve(root);
  const file = pathApi.resolve(base, ...segments);
  const prefix = base.endsWith(pathApi.sep) ? base : base + pathApi.sep;
  return file.startsWith(prefix) ? file : null;
}
