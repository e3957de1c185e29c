import { createTwoFilesPatch } from 'diff';
import { SECRET_NAME } from '../../../shared/redact';

export const HIDDEN = '<hidden>';

/**
 * A line as it may be shown: the token we write, any other bearer token and the values of
 * secret-named keys hidden; references (`${env:…}`, `${input:…}`) kept, they hold no secret.
 */
function hideLine(line: string, secrets: string[]): string {
  let out = line;
  for (const secret of secrets) if (secret.length > 0) out = out.split(secret).join(HIDDEN);
  out = out.replace(/(Bearer\s+)(?!\$\{)(?!<hidden>)[^\s"']+/g, `$1${HIDDEN}`);
  return out.replace(/("([^"\\]*)"\s*:\s*")((?:[^"\\]|\\.)*)(")/g, (whole, head: string, key: string, value: string, tail: string) =>
    SECRET_NAME.test(key) && value !== '' && !value.startsWith('${') && value !== HIDDEN ? `${head}${HIDDEN}${tail}` : whole,
  );
}

function hide(text: string, secrets: string[]): string {
  return text.split('\n').map((line) => hideLine(line, secrets)).join('\n');
}

const CONTEXT = 3;
const CHUNK = 64 * 1024;

/** How many leading characters `a` and `b` share: compared a chunk at a time, natively. */
function commonPrefix(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let at = 0;
  while (at + CHUNK <= most && a.slice(at, at + CHUNK) === b.slice(at, at + CHUNK)) at += CHUNK;
  while (at < most && a.charCodeAt(at) === b.charCodeAt(at)) at += 1;
  return at;
}

function commonSuffix(a: string, b: string, most: number): number {
  let n = 0;
  while (n + CHUNK <= most && a.slice(a.length - n - CHUNK, a.length - n) === b.slice(b.length - n - CHUNK, b.length - n)) n += CHUNK;
  while (n < most && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n += 1;
  return n;
}

/** Where `count` whole lines before `at` begin (or 0), and how many lines come before that. */
function linesBack(text: string, at: number, count: number): { start: number; skipped: number } {
  let start = text.lastIndexOf('\n', at - 1) + 1;
  for (let n = 0; n < count && start > 0; n += 1) start = text.lastIndexOf('\n', start - 2) + 1;
  let skipped = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < start; i = text.indexOf('\n', i + 1)) skipped += 1;
  return { start, skipped };
}

/** Index just past `count` whole lines after `at` (or the end). */
function linesOn(text: string, at: number, count: number): number {
  let end = at;
  for (let n = 0; n <= count; n += 1) {
    const newline = text.indexOf('\n', end);
    if (newline < 0) return text.length;
    end = newline + 1;
  }
  return end;
}

/**
 * The part of the file the change is in, with its context lines: a busy `~/.claude.json` is tens of
 * megabytes, of which an entry changes a few lines (diffing and hiding the whole took seconds).
 */
function changedPart(before: string, after: string): { before: string; after: string; skipped: number } {
  const prefix = commonPrefix(before, after);
  const suffix = commonSuffix(before, after, Math.min(before.length, after.length) - prefix);
  const { start, skipped } = linesBack(before, prefix, CONTEXT);
  const tail = before.length - linesOn(before, before.length - suffix, CONTEXT);
  return { before: before.slice(start, before.length - tail), after: after.slice(start, after.length - tail), skipped };
}

/** `diff -u` of a client's file before and after, with every secret hidden. */
export function clientDiff(file: string, before: string | undefined, after: string, secrets: string[]): string {
  const part = changedPart(before ?? '', after);
  const patch = createTwoFilesPatch(before === undefined ? '/dev/null' : file, file, hide(part.before, secrets), hide(part.after, secrets), undefined, undefined, { context: CONTEXT });
  // `diff -u` starts at `---`: the package's `Index:` and `===` lines go. Hunks count lines from the part's start.
  return patch
    .slice(Math.max(0, patch.indexOf('--- ')))
    .replace(/^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@/gm, (_, a: string, b = '', c: string, d = '') => `@@ -${Number(a) + (Number(a) === 0 ? 0 : part.skipped)}${b} +${Number(c) + (Number(c) === 0 ? 0 : part.skipped)}${d} @@`);
}
