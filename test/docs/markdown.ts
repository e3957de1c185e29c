/**
 * Just enough Markdown for the docs' tests: the pages, their headings with the anchors GitHub gives
 * them, their links, and their fenced blocks. Text inside fences and inline code is not a link.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** README.md, SECURITY.md and every page in docs/, as paths relative to the repository. */
export function docPages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', 'SECURITY.md', ...docs];
}

export function readPage(page: string): string {
  return readFileSync(join(ROOT, page), 'utf8');
}

export interface Fence {
  /** The info string after the opening fence: `sh runnable`. */
  info: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
}

/** Splits a page into its fenced blocks and the prose lines outside them (fenced lines blanked). */
export function parseFences(text: string): { fences: Fence[]; prose: string[] } {
  const fences: Fence[] = [];
  const prose: string[] = [];
  let open: { marker: string; info: string; line: number; body: string[] } | undefined;
  for (const [i, line] of text.split('\n').entries()) {
    if (open) {
      if (line.trim().startsWith(open.marker) && line.trim().replace(/[`~]/g, '') === '') {
        fences.push({ info: open.info, body: open.body.join('\n'), line: open.line });
        open = undefined;
      } else open.body.push(line);
      prose.push('');
      continue;
    }
    const start = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (start) {
      open = { marker: start[1] ?? '```', info: (start[2] ?? '').trim(), line: i + 1, body: [] };
      prose.push('');
      continue;
    }
    prose.push(line);
  }
  return { fences, prose };
}

/** Inline code removed (its text is not Markdown), so a `[x](y)` shown as code is no link. */
function withoutInlineCode(line: string): string {
  return line.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));
}

/** The anchor GitHub makes of a heading's text: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links keep their text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/`/g, '')
    .replace(/\*\*|__/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor of a page: each heading's slug, repeated ones numbered as GitHub numbers them. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of parseFences(text).prose) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

export interface Link {
  target: string;
  line: number;
}

/** Every inline link and image of a page outside code: `[text](target)`. */
export function linksOf(text: string): Link[] {
  const links: Link[] = [];
  for (const [i, raw] of parseFences(text).prose.entries()) {
    const line = withoutInlineCode(raw);
    for (const match of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1] ?? '', line: i + 1 });
    }
  }
  return links;
}

/** The section under the heading whose text is `title` (to the next heading of its level or above), outside fences. */
export function sectionOf(text: string, title: string): string[] {
  const lines = parseFences(text).prose;
  const at = lines.findIndex((line) => /^#{1,6}\s/.test(line) && line.replace(/^#+\s+/, '').trim() === title);
  if (at < 0) return [];
  const level = /^#+/.exec(lines[at] ?? '')?.[0].length ?? 1;
  const out: string[] = [];
  for (const line of lines.slice(at + 1)) {
    const heading = /^(#+)\s/.exec(line);
    if (heading && (heading[1]?.length ?? 7) <= level) break;
    out.push(line);
  }
  return out;
}

/** The cells of a Markdown table row, `\|` kept as a pipe; undefined for a line that is no row. */
export function tableCells(line: string): string[] | undefined {
  if (!line.trim().startsWith('|')) return undefined;
  const cells = line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
  if (cells.every((cell) => /^:?-{3,}:?$/.test(cell))) return undefined;
  return cells;
}

/** Names written as inline code in a piece of Markdown: `foo` → foo. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
}

export function relativeToRoot(path: string): string {
  return relative(ROOT, path).split('\\').join('/');
}
