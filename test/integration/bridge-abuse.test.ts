import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIALIZE, mcpHeaders, rawRequest, type RawResponse } from '../support/bridge-harness';
import { tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

/** What an agent can send the running app: a real `serve`, a real agent token, raw HTTP. */
let served: Served;
let port: number;
let token: string;
let session: string;

function rssKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? NaN);
}

/**
 * The settled RSS: the lowest of samples over a quiet while. Right after a burst RSS swings by 100 MB
 * with garbage not yet collected (V8 collects and gives memory back once allocation stops); a leak
 * lifts this floor, garbage does not. Bounded: 12 samples, 500 ms apart.
 */
async function settledRssKiB(pid: number): Promise<number> {
  let lowest = rssKiB(pid);
  for (let i = 0; i < 12; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    lowest = Math.min(lowest, rssKiB(pid));
  }
  return lowest;
}

/**
 * How far settled RSS may rise over a burst: the heap growing into its room (up to 29 MB here), plus
 * V8's young generation, which `serve` no longer holds while agents are busy (8 → 32 MB, given back
 * when they go quiet: quiet-compaction.ts). The leaks these guard against grew 225 MB and more.
 */
const RSS_ROOM_KIB = 64 * 1024;

/** One POST; an answer that never comes fails the test (status 0) instead of hanging it. */
async function post(body: string | Buffer, withSession = true): Promise<RawResponse> {
  const extra: Record<string, string> = withSession ? { 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': '2025-06-18' } : {};
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<RawResponse>((resolve) => {
    timer = setTimeout(() => resolve({ status: 0, headers: {}, body: `no answer in 15 s to ${String(body).slice(0, 120)}` }), 15_000);
  });
  try {
    return await Promise.race([rawRequest(port, { headers: mcpHeaders(port, token, extra), body }), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function healthy(): Promise<void> {
  const health = await fetch(`${served.origin}/health`);
  expect(health.status).toBe(200);
  const echo = await post(JSON.stringify({ jsonrpc: '2.0', id: 'ok', method: 'tools/call', params: { name: 'everything__echo', arguments: { message: 'alive' } } }));
  expect(echo.status).toBe(200);
  expect(echo.body).toContain('Echo: alive');
}

/** Runs `bodies` with at most `concurrency` in flight; each answer goes to `check`. */
async function pour(count: number, concurrency: number, make: (i: number) => { body: string; session: boolean }, check: (res: RawResponse, i: number) => void): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const { body, session: withSession } = make(i);
      check(await post(body, withSession), i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Request ids unique in the session: two requests in flight under one id would share one answer stream. */
let ids = 0;
const nextId = (): number => ++ids;

function call(args: string, id: number | string = nextId()): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":"everything__echo","arguments":${args}}}`;
}

/** Nested `depth` levels as text, without building it: `{"a":{"a":…1…}}`. */
function deepText(depth: number, open = '{"a":', close = '}'): string {
  return `${open.repeat(depth)}1${close.repeat(depth)}`;
}

beforeAll(async () => {
  const home = tempHome();
  // A bounded heap makes V8 collect garbage as it goes, so RSS measures what is kept, not what
  // waits for collection; a leak then shows as growth, or kills the process (checked after each test).
  served = await startServe(home, [], { NODE_OPTIONS: '--max-old-space-size=128' });
  port = Number(new URL(served.bridge ?? '').port);
  // The person adds the agent in the app (the UI's secret): from the command line that would wait for their confirmation.
  const added = await served.api('addAgent', { name: 'intruder', servers: ['everything'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
  token = (added.body.result as { token: string }).token;
  const init = await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE });
  session = String(init.headers['mcp-session-id']);
  await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  await healthy();
}, 60_000);

afterAll(async () => {
  await served.stop();
});

describe('no agent can take the app down', () => {
  it('refuses 200 deep or huge tools/call bodies with invalid_input, memory flat (< 64 MB), /health answering', async () => {
    // 1 MB nested 200,000 deep; just past the argument limit, padded to 1 MB; a 3 MB string; 50,000 items; 5,000 keys.
    const kinds = [
      () => call(deepText(200_000)),
      () => call(`{"pad":"${'p'.repeat(1_000_000)}","deep":${deepText(100)}}`),
      () => call(`{"message":"${'s'.repeat(3_000_000)}"}`),
      () => call(`{"list":[${new Array<string>(50_000).fill('1').join(',')}]}`),
      () => call(`{${Array.from({ length: 5_000 }, (_, i) => `"k${i}":1`).join(',')}}`),
    ];
    const bodies = kinds.map((make) => make());
    const expected = [/nests deeper than 128 levels/, /arguments nest deeper than 64 levels/, /a string in arguments is longer than 1,048,576 characters/, /an array in arguments has more than 10,000 items/, /an object in arguments has more than 1,000 keys/];
    const round = async (count: number): Promise<void> =>
      pour(count, 4, (i) => ({ body: bodies[i % bodies.length] ?? '', session: true }), (res, i) => {
        const pattern = expected[i % expected.length] ?? /never/;
        expect(res.body, `body kind ${i % bodies.length}`).toMatch(pattern);
        if (i % bodies.length !== 0) expect(res.body).toContain('invalid_input');
      });
    const pid = served.child.pid ?? 0;
    await round(40); // warm up: the heap reaches its working size
    const before = await settledRssKiB(pid);
    await round(200);
    await healthy();
    const after = await settledRssKiB(pid);
    // The leak this guards against grew ~225 MB over these 200 calls (RSS_ROOM_KIB).
    expect(after - before, `RSS ${before} kB → ${after} kB`).toBeLessThan(RSS_ROOM_KIB);
    expect(served.child.exitCode).toBeNull();
  }, 120_000);

  it('refuses unparsed a body whose one object or array is past the body bounds, from an agent denied every tier too', async () => {
    // 350,000 keys in one object (4 MB) held the bridge's one thread over a second in JSON.parse and the SDK's schema.
    const keys = Array.from({ length: 350_000 }, (_, i) => `"k${i}":1`).join(',');
    const items = new Array<string>(1_000_000).fill('1').join(',');
    const denied = await served.api('addAgent', { name: 'denied', servers: ['everything'], policy: { read: 'deny', write: 'deny', destructive: 'deny' } });
    const deniedToken = (denied.body.result as { token: string }).token;
    const bodies = [
      [`{"jsonrpc":"2.0","id":"m","method":"ping","params":{"_meta":{${keys}}}}`, /an object in the body has more than 10,000 keys/],
      [`{"jsonrpc":"2.0","id":"l","method":"ping","params":{"_meta":{"list":[${items}]}}}`, /an array in the body has more than 100,000 items/],
    ] as const;
    for (const [body, said] of bodies) {
      for (const headers of [mcpHeaders(port, token, { 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': '2025-06-18' }), mcpHeaders(port, deniedToken)]) {
        const res = await rawRequest(port, { headers, body });
        expect(res.status).toBe(400);
        expect(res.body).toMatch(said);
        expect(JSON.parse(res.body)).toMatchObject({ error: { code: -32600 } });
      }
    }
    await healthy();
  }, 60_000);

  it('survives 10,000 malformed bodies (bad JSON, wrong shapes, deep, huge, wrong types, batches), memory flat', async () => {
    // A fixed PRNG (mulberry32): the same bodies every run.
    let seed = 12_345;
    const random = (): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const junk = (n: number): string => Array.from({ length: n }, () => String.fromCharCode(Math.floor(random() * 128))).join('');
    const huge = (): string => JSON.stringify('h'.repeat(10_000 + Math.floor(random() * 300_000)));
    const deep = (): string => deepText(50 + Math.floor(random() * 5_000), pick(['{"a":', '[', '{"x":[']), '');
    const closeDeep = (text: string): string => {
      let closing = '';
      for (let i = text.length - 2; i >= 0; i--) if (text[i] === '{' || text[i] === '[') closing += text[i] === '{' ? '}' : ']';
      return text + closing;
    };
    const deepValue = (): string => closeDeep(deep());
    const makers: Array<() => string> = [
      () => junk(1 + Math.floor(random() * 200)),
      () => call('{"message":"x"}').slice(0, Math.floor(random() * 80)),
      () => pick(['null', '[]', '{}', '1', '"s"', 'true', '{"jsonrpc":"2.0"}', '{"jsonrpc":"1.0","id":1,"method":"tools/call"}']),
      () => JSON.stringify({ jsonrpc: '2.0', id: pick([{}, [], null, true, 1.5, 'x']), method: pick(['tools/call', 'resources/read', 'prompts/get', 7, null]) }),
      () => `{"jsonrpc":"2.0","id":${nextId()},"method":"tools/call","params":{"name":"everything__echo","arguments":${deepValue()}}}`,
      () => `{"jsonrpc":"2.0","id":${nextId()},"method":"tools/call","params":{"name":"everything__echo","arguments":{},"_meta":${deepValue()}}}`,
      () => `{"jsonrpc":"2.0","id":${nextId()},"result":${deepValue()}}`,
      () => `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":99,"progress":1,"x":${deepValue()}}}`,
      () => `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":${huge()}}}`,
      // Huge but within the limits: to a tool that does not exist (an echo of each would measure the server, not us).
      () => `{"jsonrpc":"2.0","id":${nextId()},"method":"tools/call","params":{"name":"everything__no_such_tool","arguments":{"message":${huge()}}}}`,
      () => JSON.stringify({ jsonrpc: '2.0', id: nextId(), method: 'tools/call', params: { name: pick([7, null, {}, 'x'.repeat(5_000), 'everything__echo']), arguments: pick(['str', 5, [1, 2], null, { message: 5 }]) } }),
      () => JSON.stringify({ jsonrpc: '2.0', id: nextId(), method: 'resources/read', params: { uri: pick([{}, 5, 'x'.repeat(20_000), 'fixture://nope']) } }),
      () => JSON.stringify({ jsonrpc: '2.0', id: nextId(), method: 'prompts/get', params: { name: 'everything__simple-prompt', arguments: pick([{ a: 'b'.repeat(1_100_000) }, { a: 5 }, 'x', []]) } }),
      () => `[${Array.from({ length: 1 + Math.floor(random() * 150) }, (_, i) => pick([call('{"message":"b"}'), '{}', '5', `{"jsonrpc":"2.0","id":"r${i}","result":{}}`])).join(',')}]`,
      () => `[${Array.from({ length: 20 }, () => deepValue()).join(',')}]`,
      () => junk(10).replace(/[^{[]/g, '{') + deepValue(),
    ];
    const statuses = new Map<number, number>();
    const fuzz = (count: number): Promise<void> =>
      pour(count, 8, () => ({ body: pick(makers)(), session: random() < 0.85 }), (res) => {
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // Every body gets an HTTP answer: no crash, no reset, no internal error.
        expect([200, 202, 400, 404, 406], res.body.slice(0, 300)).toContain(res.status);
      });
    const pid = served.child.pid ?? 0;
    await fuzz(1_000);
    const before = await settledRssKiB(pid);
    await fuzz(10_000);
    await healthy();
    const after = await settledRssKiB(pid);
    expect(served.child.exitCode).toBeNull();
    // Bounded, as a 128 MB heap grows into its room: 10,000 bodies of up to 1.1 MB moved settled RSS by
    // 16–24 MB in runs here (a heap check after forced collection showed no per-request retention); the
    // leak the review found grew by gigabytes over a few hundred bodies.
    expect(after - before, `RSS ${before} kB → ${after} kB; statuses ${JSON.stringify([...statuses])}`).toBeLessThan(RSS_ROOM_KIB);
  }, 300_000);
});
