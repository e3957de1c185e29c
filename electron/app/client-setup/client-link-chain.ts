import { lstat, readlink } from 'node:fs/promises';
import path from 'node:path';
import { CodedError } from '../../../shared/errors';
import { errnoCode } from '../../fs-safe';

/** The kernel's own bound on links followed in one path (Linux MAXSYMLINKS, POSIX SYMLOOP_MAX ≥ 8): a longer chain is a loop to it too. */
export const MAX_LINK_HOPS = 40;

/**
 * Every link met on the way to `file`, as the kernel follows them (the file's own and any folder's,
 * each link's target read and walked in turn), each at its real place (its folder resolved, the link
 * itself not). The walk starts at the real home folder when `file` is under `home`, so the links
 * above it (`/home` → `/data/home`) are the system's, not the file's. It stops at the first part
 * that does not exist yet.
 */
export async function linksOnTheWay(file: string, home: string, realHome: string): Promise<string[]> {
  const absolute = path.resolve(file);
  const under = path.relative(path.resolve(home), absolute);
  const fromHome = under !== '' && !under.startsWith('..') && !path.isAbsolute(under);
  let at = fromHome ? realHome : path.parse(absolute).root;
  let rest = parts(fromHome ? under : absolute);
  const links: string[] = [];
  while (rest.length > 0) {
    const [part, ...after] = rest;
    rest = after;
    if (part === undefined || part === '.') continue;
    if (part === '..') {
      at = path.dirname(at);
      continue;
    }
    const next = path.join(at, part);
    let isLink: boolean;
    try {
      isLink = (await lstat(next)).isSymbolicLink();
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return links;
      throw error;
    }
    if (!isLink) {
      at = next;
      continue;
    }
    if (links.length >= MAX_LINK_HOPS) throw Object.assign(new Error(`more than ${MAX_LINK_HOPS} links`), { code: 'ELOOP' });
    links.push(next);
    const to = await readlink(next);
    if (path.isAbsolute(to)) at = path.parse(to).root;
    rest = [...parts(to), ...rest];
  }
  return links;
}

function parts(p: string): string[] {
  // A backslash is a name's character on POSIX, a separator only on Windows.
  return p.split(path.sep === '/' ? '/' : /[\\/]/).filter((part) => part !== '');
}

/** Names the link a refusal is about when it is not the file itself, so the person knows which hop to fix. */
export function throughLink(file: string, link: string, fileItself: string): string {
  return link === fileItself ? file : `${file} (through the link ${link})`;
}

export function outsideThrough(file: string, link: string): CodedError {
  return new CodedError('denied', `${file} leads outside your home folder through the link ${link}; it is not written`, {
    hint: 'Keep every link on the way inside your home folder, or set the client up by hand with `connected-services agents config`',
  });
}
