import { IDLE_LIMIT_META } from '../../shared/api';
import type { StaticFile } from './static-files';

const HEAD = Buffer.from('<head>');

/**
 * The page with `settings.uiSessionIdleMs` as now set in a `<meta>` at the top of its head, for the
 * signed-out page to name (it has no secret to ask with). Only the page itself; a file streamed from
 * disk, or one with no `<head>`, is sent as it is (the page then names the default).
 */
export function withIdleLimit(file: StaticFile, idleMs: number): StaticFile {
  if (!('body' in file) || !file.type.startsWith('text/html')) return file;
  const at = file.body.indexOf(HEAD);
  if (at < 0) return file;
  const end = at + HEAD.length;
  const meta = Buffer.from(`<meta name="${IDLE_LIMIT_META}" content="${String(Math.trunc(idleMs))}" />`);
  return { type: file.type, body: Buffer.concat([file.body.subarray(0, end), meta, file.body.subarray(end)]) };
}
