/**
 * Found tools joining an agent's listing (listFound, issue #32) against search mode without it, over
 * sessions of tasks from the labelled set: the agent's requests per task, the listing's tokens as a
 * session goes on, and how many service calls a client's own per-tool permission sees by the real name.
 *
 * The agent is modelled, not run: for each task it calls the right tool directly when its listing
 * already holds it (1 request), else it searches and calls what the search found (2: search_tools and
 * a call tool, or, with listFound, the tool itself once its client refreshed). That favours listFound:
 * a real model may not pick a listed tool it has not searched for, and a client's refresh is a request too.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Agent } from '../../electron/bridge';
import type { ToolEntry } from '../../electron/bridge/tool-index';
import { MAX_FOUND_LISTED, withFound } from '../../electron/bridge/found-listing';
import { searchListing } from '../../electron/bridge/search-tools';
import { SearchIndex, searchTools } from '../../electron/tool-search';
import { labelledQueries, labelledTools, listedServers, type LabelledQuery } from '../support/tool-search-set';
import { spread, type Row } from './report';

const TASKS = 20;
const SESSIONS = 50;
/** Distinct needs a "working set" session draws its tasks from. */
const WORKING_SET = 6;

const tokens = (value: unknown): number => Math.ceil(JSON.stringify(value).length / 4);

/** A small deterministic generator (mulberry32): the same sessions every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The listing in search mode of an agent that may call every tier (as the bridge makes it). */
function searchModeTools(): ReturnType<typeof searchListing> {
  const agent: Agent = { name: 'bench', tokenHint: 'cs_', createdAt: 0, tokenCreatedAt: 0, servers: ['*'], policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {} };
  const index = new Map<string, ToolEntry>(
    (['read', 'write', 'destructive'] as const).map((tier) => [tier, { server: 's', tier, info: { server: 's', name: tier, inputSchema: { type: 'object' } }, listed: { name: tier, inputSchema: { type: 'object' } } }]),
  );
  return searchListing(index, agent);
}

interface Session {
  requests: number[];
  /** The listing's tokens summed over every request of the session: what the model is handed as tool definitions. */
  spent: number;
  tokensAfter: number[];
  direct: number;
  calls: number;
}

function runSession(tasks: readonly LabelledQuery[], found: (need: string) => string[], defs: ReadonlyMap<string, Tool>, base: number, listFound: boolean): Session {
  let listed: string[] = [];
  const out: Session = { requests: [], spent: 0, tokensAfter: [], direct: 0, calls: 0 };
  let now = base;
  for (const task of tasks) {
    if (listFound && task.right.some((id) => listed.includes(id))) {
      out.requests.push(1);
      out.calls++;
      out.direct++;
    } else {
      const hits = found(task.need);
      const hit = hits.some((id) => task.right.includes(id));
      out.requests.push(hit ? 2 : 1);
      if (hit) out.calls++;
      if (hit && listFound) out.direct++;
      if (listFound) listed = withFound(listed, hits);
    }
    // The first request sees the listing as it was; a second one (the call) sees it after the search changed it.
    const after = base + listed.reduce((n, id) => n + tokens(defs.get(id)), 0);
    out.spent += now + (out.requests.at(-1) === 2 ? after : 0);
    now = after;
    out.tokensAfter.push(after);
  }
  return out;
}

export function benchListFound(): Row[] {
  const docs = labelledTools();
  const index = new SearchIndex(docs);
  const found = (need: string): string[] => searchTools(index, need, { limit: 5, admit: () => true }).hits.map((h) => docs[h.doc]?.id ?? '');
  // As the bridge lists them: prefixed names, the server in the description.
  const defs = new Map<string, Tool>();
  for (const s of listedServers()) for (const t of s.tools) defs.set(`${s.name}/${t.name}`, { ...t, name: `${s.name}__${t.name}`, description: `[${s.name}] ${t.description ?? ''}` });
  const base = tokens(searchModeTools());
  const all = [...defs.values()].reduce((n, t) => n + tokens(t), 0);
  const answerable = labelledQueries().filter((q) => q.right.length > 0);
  const next = random(32);
  const pick = <T>(from: readonly T[]): T => from[Math.floor(next() * from.length)] as T;
  const scenarios = {
    fresh: Array.from({ length: SESSIONS }, () => Array.from({ length: TASKS }, () => pick(answerable))),
    working: Array.from({ length: SESSIONS }, () => {
      const set = Array.from({ length: WORKING_SET }, () => pick(answerable));
      return Array.from({ length: TASKS }, () => pick(set));
    }),
  };
  const measure = (sessions: LabelledQuery[][], listFound: boolean): Session[] => sessions.map((tasks) => runSession(tasks, found, defs, base, listFound));
  const perTask = (s: Session[]): number[] => s.map((x) => x.requests.reduce((a, b) => a + b, 0) / x.requests.length);
  const at = (s: Session[], task: number): number[] => s.map((x) => x.tokensAfter[task - 1] ?? NaN);
  const rows: Row[] = [];
  for (const [name, sessions] of Object.entries(scenarios)) {
    const [on, off] = [measure(sessions, true), measure(sessions, false)];
    const what = name === 'fresh' ? `${TASKS} tasks, each a need drawn from all ${answerable.length}` : `${TASKS} tasks drawn from ${WORKING_SET} needs (a working set)`;
    const [mine, theirs] = [spread(perTask(on)), spread(perTask(off))];
    const grown = spread(at(on, TASKS));
    rows.push({
      key: `list-found-${name}`,
      what: `listFound: an agent's requests per task, sessions of ${what}, ${SESSIONS} sessions`,
      unit: 'requests',
      ours: mine,
      baseline: theirs,
      baselineLabel: 'search mode without it: search_tools, then a call tool',
      figure: spread(perTask(on).map((v, i) => v / (perTask(off)[i] ?? NaN))),
      figureUnit: 'x the requests',
      target: '',
      status: 'info',
      note: `tool definitions handed to the model over a session (listing × requests): ${spread(on.map((x) => x.spent)).median.toLocaleString('en')} tokens against ${spread(off.map((x) => x.spent)).median.toLocaleString('en')} without it; listing after 1 / 5 / ${TASKS} tasks: ${[1, 5, TASKS].map((t) => spread(at(on, t)).median.toLocaleString('en')).join(' / ')} tokens (max ${grown.max.toLocaleString('en')}) against ${base} without it and ${all.toLocaleString('en')} for all ${defs.size} tools; at most ${MAX_FOUND_LISTED} found tools`,
    });
    if (name === 'fresh') {
      const share = (s: Session[]): number => s.reduce((n, x) => n + x.direct, 0) / Math.max(1, s.reduce((n, x) => n + x.calls, 0));
      rows.push({
        key: 'list-found-permission',
        what: "listFound: share of service-tool calls a client's per-tool permission sees under the real tool's name",
        unit: '',
        ours: spread([share(on)]),
        baseline: spread([share(off)]),
        baselineLabel: 'search mode without it (the permission is per tier: call_read_tool, call_write_tool, …)',
        figure: spread([share(on)]),
        figureUnit: '',
        target: '',
        status: 'info',
        note: 'for a client that refreshes on list_changed before its next call; one that does not keeps calling through the call tools',
      });
    }
  }
  return rows;
}
