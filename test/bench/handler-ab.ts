/**
 * 2026-07-28 requests of each kind, measured (docs/bridge.md §Speed of the two eras): a bridge
 * process of each tree, each with a session and a 2026-07-28 lean client, rounds of requests of each
 * kind at concurrency 16 alternating between the processes, as era-ab.ts does for the lane's calls.
 * Kinds: `lane` (a plain `echo`), `progress` (the same call with a progress token in its `_meta`) and
 * `list` (`tools/list`), all three the lane's now; `log` (the call with a log level: createMcpHandler's
 * path) and `session` (a 2025-era session's `echo`). Prints each process's CPU, garbage
 * collection and bytes promoted by young collections per request of each kind (medians).
 *
 * Run: `AB_BEFORE=<tree> node --import tsx test/bench/handler-ab.ts` (era-ab.ts's header says how to
 * make the tree; its test/fixtures/bridge must answer `promoted`, so copy this tree's there), or
 * without AB_BEFORE for this tree alone. AB_AFTER (default this tree), AB_ROUNDS (7), AB_CALLS (3000),
 * AB_WARMUP (5000), AB_KINDS (all, comma-separated).
 */
import { ROOT } from '../fixtures/servers/config';
import { median } from './ab-figures';
import { abRounds, closeAbSides, concurrently, startAbSides, type AbSide } from './ab-sides';

const BEFORE = process.env['AB_BEFORE'];
const AFTER = process.env['AB_AFTER'] ?? ROOT;
const settings = { rounds: Number(process.env['AB_ROUNDS'] ?? 7), calls: Number(process.env['AB_CALLS'] ?? 3000), warmup: Number(process.env['AB_WARMUP'] ?? 5000) };
const ECHO = 'everything__echo';
const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';

const KINDS = ['lane', 'progress', 'log', 'list', 'session'] as const;
type Kind = (typeof KINDS)[number];
const kinds = (process.env['AB_KINDS']?.split(',') ?? KINDS).filter((kind): kind is Kind => (KINDS as readonly string[]).includes(kind));

interface Figures {
  cpu: number;
  gc: number;
  promoted: number;
}

/** Bytes young collections promoted in the side's process since it was last asked. */
const promoted = async (side: AbSide): Promise<number> => ((await side.bridge.ask('promoted')) as { promotedBytes: number }).promotedBytes;

function echoed(reply: { result?: unknown; error?: { message?: string } } | undefined, i: number): string | undefined {
  const text = (reply?.result as { content?: Array<{ text?: string }> } | undefined)?.content?.[0]?.text;
  return text === `Echo: m${i}` ? text : `${JSON.stringify(reply)}`;
}

/** One request of the kind; throws unless it was answered as expected. */
async function one(side: AbSide, kind: Kind, i: number): Promise<void> {
  const args = { message: `m${i}` };
  let answer: string | undefined;
  if (kind === 'session') answer = await side.session.callTool(ECHO, args);
  else if (kind === 'lane') answer = await side.modern.callTool(ECHO, args);
  else if (kind === 'list') {
    const reply = await side.modern.modernRequest('tools/list', {});
    const tools = (reply?.result as { tools?: unknown[] } | undefined)?.tools;
    answer = Array.isArray(tools) && tools.length > 0 ? `Echo: m${i}` : JSON.stringify(reply);
  } else {
    const meta = kind === 'progress' ? { progressToken: i } : { [LOG_LEVEL]: 'error' };
    answer = echoed(await side.modern.modernRequest('tools/call', { name: ECHO, arguments: args }, meta, ECHO), i);
  }
  if (answer !== `Echo: m${i}`) throw new Error(`${side.name} ${kind}: request ${i} answered ${String(answer)}`);
}

async function measure(side: AbSide, kind: Kind, calls: number): Promise<Figures> {
  const before = await side.bridge.usage();
  await promoted(side);
  await concurrently(calls, (i) => one(side, kind, i));
  const bytes = await promoted(side);
  const after = await side.bridge.usage();
  return { cpu: (after.cpuUs - before.cpuUs) / calls, gc: ((after.gcUs ?? 0) - (before.gcUs ?? 0)) / calls, promoted: bytes / calls };
}

const sides = await startAbSides(BEFORE === undefined ? [['this', AFTER]] : [['before', BEFORE], ['after', AFTER]]);
try {
  const show = (f: Figures): string => `${f.cpu.toFixed(0)}/${f.gc.toFixed(0)}/${f.promoted.toFixed(0)}`;
  const rows = await abRounds(sides, kinds, settings, measure, show, 'CPU µs/GC µs/promoted bytes per request');
  for (const [key, figures] of rows) {
    const m = (pick: (f: Figures) => number): string => median(figures.map(pick)).toFixed(1);
    console.log(`${key}: CPU ${m((f) => f.cpu)} µs, GC ${m((f) => f.gc)} µs, promoted ${m((f) => f.promoted)} bytes per request (medians)`);
  }
} finally {
  await closeAbSides(sides);
}
