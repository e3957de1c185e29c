/**
 * Builds test/fixtures/tool-search/corpus-association.json: for each word (stemmed as the index stems), the
 * few words that occur with it in the same line of a corpus of MCP server descriptions and READMEs, by
 * positive PMI (docs/tool-search.md, "Word association from a corpus"). Not a test:
 *   node --import tsx test/tool-search/corpus-association.ts <folder of git mirrors> [--out=path]
 * The folder holds bare clones named owner+name/repo (`git clone --mirror https://github.com/owner/name
 * owner+name/repo`); SOURCES pins each file read to a commit. Lines that speak of a server of the
 * labelled set (test/fixtures/tool-search/servers.ts) are left out, so nothing of the test set leaks in.
 * Only word statistics are written, no text of the corpus.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { terms } from '../../electron/tool-search/tokens';
import { SERVERS } from '../fixtures/tool-search/servers';

/** How a file's text is read: markdown lines; a JSON list's or object's `description`s; a tools/list's tools; a YAML's `description:` lines. */
type Kind = 'markdown' | 'descriptions' | 'tools' | 'yaml';

interface Source {
  repo: string;
  commit: string;
  /** Files of the commit whose path matches. */
  paths: RegExp;
  kind: Kind;
  licence: string;
}

export const SOURCES: readonly Source[] = [
  // The community list of the reference servers' README (its last version before the list moved away).
  { repo: 'modelcontextprotocol/servers', commit: '7b3c569463fd4d4188ec754a4f8988dc28a22691', paths: /^README\.md$/, kind: 'markdown', licence: 'MIT' },
  { repo: 'appcypher/awesome-mcp-servers', commit: '187929affcbd6fcb82067e2ebd0aef13c94d1fe1', paths: /^README\.md$/, kind: 'markdown', licence: 'none stated' },
  { repo: 'wong2/awesome-mcp-servers', commit: '39eb1d76d76e562657f3c657266a504cea159e23', paths: /^README\.md$/, kind: 'markdown', licence: 'MIT' },
  { repo: 'modelcontextprotocol/registry', commit: '81e5174a593a7488715b0bf0ae77a4dc466b4d35', paths: /^data\/seed_2025_05_16\.json$/, kind: 'descriptions', licence: 'MIT' },
  // An index of about 7,700 MCP servers, one description each.
  { repo: 'TensorBlock/awesome-mcp-servers', commit: '8db761c3e0d7a9dd7181fddeb6e5fb52a41ad553', paths: /^data\/profiles\/.*\.json$/, kind: 'descriptions', licence: 'MIT' },
  // Docker's MCP catalogue: servers' descriptions, and the tools some of them list.
  { repo: 'docker/mcp-registry', commit: '818bf169b365e7b7d5b117352e32757c54844718', paths: /^servers\/[^/]+\/server\.yaml$/, kind: 'yaml', licence: 'MIT' },
  { repo: 'docker/mcp-registry', commit: '818bf169b365e7b7d5b117352e32757c54844718', paths: /^servers\/[^/]+\/tools\.json$/, kind: 'tools', licence: 'MIT' },
  // AWS's MCP servers' READMEs, which describe each tool (the Bedrock knowledge-base one left out: the labelled set has one).
  { repo: 'awslabs/mcp', commit: '100b55b6d92f731bc8d23486ce9efd5bbf90c606', paths: /^src\/(?!bedrock-kb-retrieval)[^/]+\/README\.md$/, kind: 'markdown', licence: 'Apache-2.0' },
];

const MIN_WORD = 5;
const MIN_PAIR = Number(process.env.CORPUS_MIN_PAIR ?? 8);
/** `pmi`: positive PMI; `cond`: P(b | a) × idf(b), as the tools' own association (expansion.ts). */
const SCORE = process.env.CORPUS_SCORE ?? 'pmi';
const PER_WORD = 4;
const MAX_BYTES = 300_000;
/** Context distribution smoothing (Levy, Goldberg & Dagan 2015): rare context words' PMI is not inflated. */
const ALPHA = 0.75;

/** Word sets of the labelled servers: a line whose links or bold names hold one is left out. */
const LABELLED: ReadonlyArray<readonly string[]> = SERVERS.map((s) => s.name.split('-'));
const PACKAGES = SERVERS.map((s) => s.package.toLowerCase());

function aboutLabelled(line: string): boolean {
  const lower = line.toLowerCase();
  if (PACKAGES.some((p) => lower.includes(p))) return true;
  // Link texts, bold names and links' paths (not their hosts: most links are to github.com).
  const named = [...lower.matchAll(/\]\(([^)]*)\)|\*\*\[([^\]]*)\]|https?:\/\/\S+|"name":\s*"[^"]*"/g)].map((m) => m[0].replace(/https?:\/\/[^/\s)"]*/g, '')).join(' ');
  const tokens = new Set(named.split(/[^a-z0-9]+/));
  return LABELLED.some((parts) => parts.every((p) => tokens.has(p)));
}

/** The files of a source at its commit, read in one `git cat-file --batch`. */
function files(mirrors: string, source: Source): Array<[string, string]> {
  const gitDir = join(mirrors, source.repo.replace('/', '+'), 'repo');
  const git = (args: string[], input?: string): Buffer => execFileSync('git', ['--git-dir', gitDir, ...args], { input, maxBuffer: 256 << 20 });
  const paths = git(['ls-tree', '-r', '--name-only', source.commit]).toString('utf8').split('\n').filter((p) => source.paths.test(p));
  const out = git(['cat-file', '--batch'], paths.map((p) => `${source.commit}:${p}\n`).join(''));
  const read: Array<[string, string]> = [];
  let at = 0;
  for (const path of paths) {
    const header = out.toString('utf8', at, out.indexOf(10, at));
    const size = Number(header.split(' ')[2]);
    const start = out.indexOf(10, at) + 1;
    read.push([path, out.toString('utf8', start, start + size)]);
    at = start + size + 1;
  }
  return read;
}

/** A file's lines of prose (code blocks, images and link targets out), each a window of words. */
function lines(path: string, text: string, kind: Kind): string[] {
  // A file named after its server (docker's servers/<name>/, the index's <host>-<owner>-<name>-<hash>.json).
  if (aboutLabelled(`](${path.replace(/\/github-/, '/')})`)) return [];
  if (kind === 'descriptions') {
    const parsed = JSON.parse(text) as unknown;
    const items = (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown>>;
    const links = (i: Record<string, unknown>): string => JSON.stringify([i.repository, i.links, i.packages]).replace(/"(https?:\/\/[^"]*)"/g, '($1)');
    return items.filter((i) => !aboutLabelled(`**[${String(i.name)}] ${links(i)} ${String(i.description)}`)).map((i) => (typeof i.description === 'string' ? i.description : ''));
  }
  if (kind === 'tools') {
    const tools = JSON.parse(text) as Array<{ name?: string; description?: string }>;
    return tools.map((t) => `${t.name ?? ''} ${t.description ?? ''}`);
  }
  if (kind === 'yaml') return text.split('\n').filter((l) => /^\s*(description|title):/.test(l)).join(' ').split(/\n/);
  const out: string[] = [];
  let code = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) code = !code;
    if (code || aboutLabelled(line)) continue;
    out.push(line.replace(/<[^>]*>/g, ' ').replace(/\]\([^)]*\)/g, ']').replace(/https?:\/\/\S+/g, ' '));
  }
  return out;
}

function build(mirrors: string): { table: Record<string, Array<string | number>>; windows: number; words: number } {
  const windows: string[][] = [];
  for (const source of SOURCES) {
    for (const [path, text] of files(mirrors, source)) {
      for (const line of lines(path, text, source.kind)) {
        const set = [...new Set(terms(line).filter((t) => !/^[0-9]+$/.test(t) && t.length > 1))].slice(0, 60);
        if (set.length >= 3) windows.push(set);
      }
    }
  }
  const count = new Map<string, number>();
  for (const w of windows) for (const t of w) count.set(t, (count.get(t) ?? 0) + 1);
  const pairs = new Map<string, Map<string, number>>();
  for (const w of windows) {
    const kept = w.filter((t) => (count.get(t) ?? 0) >= MIN_WORD);
    for (const a of kept) {
      let row = pairs.get(a);
      if (row === undefined) pairs.set(a, (row = new Map<string, number>()));
      for (const b of kept) if (b !== a) row.set(b, (row.get(b) ?? 0) + 1);
    }
  }
  const n = windows.length;
  let smoothed = 0;
  for (const c of count.values()) if (c >= MIN_WORD) smoothed += c ** ALPHA;
  const scored: Array<[string, number, Array<[string, number]>]> = [];
  for (const [a, row] of pairs) {
    const ca = count.get(a) ?? 1;
    const top: Array<[string, number]> = [];
    for (const [b, cab] of row) {
      if (cab < MIN_PAIR) continue;
      const pmi = SCORE === 'cond' ? (cab / ca) * Math.log(n / (count.get(b) ?? 1)) : Math.log(cab / ca / ((count.get(b) ?? 1) ** ALPHA / smoothed));
      if (pmi > 0) top.push([b, pmi]);
    }
    top.sort((x, y) => y[1] - x[1]);
    if (top.length > 0) scored.push([a, ca, top.slice(0, PER_WORD)]);
  }
  // The most frequent words first, until the table's size bound.
  scored.sort((x, y) => y[1] - x[1]);
  const table: Record<string, Array<string | number>> = {};
  let bytes = 2;
  for (const [a, , top] of scored) {
    const entry = top.flatMap(([b, pmi]) => [b, Math.round(pmi * 100) / 100]);
    const size = JSON.stringify({ [a]: entry }).length;
    if (bytes + size > MAX_BYTES) break;
    table[a] = entry;
    bytes += size;
  }
  return { table, windows: n, words: count.size };
}

const mirrors = process.argv[2];
if (mirrors === undefined) {
  console.error('usage: node --import tsx test/tool-search/corpus-association.ts <folder of git mirrors> [--out=path]');
  process.exit(2);
}
const out = process.argv.find((a) => a.startsWith('--out='))?.slice(6) ?? 'test/fixtures/tool-search/corpus-association.json';
const { table, windows, words } = build(mirrors);
writeFileSync(out, JSON.stringify(table) + '\n');
console.log(`${windows} lines, ${words} words; ${Object.keys(table).length} words kept in ${out}`);
