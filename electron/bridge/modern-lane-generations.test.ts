// @vitest-own-modules: it measures what the old generation grows by, which other files' work in a shared worker would add to.
import type { ServerResponse } from 'node:http';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ModernLane } from './modern-lane';
import type { LaneRequest } from './modern-lane-entry';
import { loadModernSdk } from './server-sdk';

// docs/bridge.md §Speed of the two eras: the lane's bookkeeping of its calls in flight must not keep a
// finished call's response alive through young collections. In a Set that gains and loses an exchange
// per call, once in the old generation, every response it held was promoted (shared/collections
// id-table-generations.test.ts shows the mechanism); here, the lane's own.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
const oldSpaceUsed = (): number => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;

const IN_FLIGHT = 16;
const PAYLOAD = 4096;

/** A response the lane can answer: what it reads and calls, and a payload that makes its survival visible. */
function response(): ServerResponse {
  return {
    payload: new Array<number>(PAYLOAD / 8).fill(0),
    writableFinished: false,
    headersSent: false,
    on: () => undefined,
    off: () => undefined,
    writeHead: () => undefined,
    end: () => undefined,
  } as unknown as ServerResponse;
}

async function lane(): Promise<ModernLane> {
  const sdk = await loadModernSdk();
  const server = new sdk.Server({ name: 'lane-test', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', () => ({ content: [] }));
  // The call waits a turn, as one through the pool does: its exchange is in the table meanwhile.
  const core = async (): Promise<unknown> => {
    await new Promise((resolve) => setImmediate(resolve));
    return { content: [{ type: 'text', text: 'ok' }] };
  };
  const made = ModernLane.over(server, core, (code, message) => new sdk.ProtocolError(code, message), () => undefined);
  if (!made) throw new Error('the lane does not fit this SDK');
  return made;
}

function request(id: number): LaneRequest {
  const params = { name: 'echo', arguments: {} };
  return { id, method: 'tools/call', params, envelope: undefined, checked: { method: 'tools/call', params } };
}

/** Old-generation growth while `batches` of 16 calls come and go, with only young collections between them. */
async function promotedBy(served: ModernLane, batches: number, from: number): Promise<number> {
  const before = oldSpaceUsed();
  for (let batch = 0; batch < batches; batch++) {
    const statuses = await Promise.all(Array.from({ length: IN_FLIGHT }, (_, i) => served.serve(request(from + batch * IN_FLIGHT + i), response())));
    expect(statuses.every((status) => status === 200)).toBe(true);
    gc({ type: 'minor' });
  }
  return oldSpaceUsed() - before;
}

describe('the lane across young collections', () => {
  it('lets a finished call’s response die young', async () => {
    const served = await lane();
    // Warmed, then its table (as a long-lived agent's lane's is) in the old generation.
    await promotedBy(served, 50, 0);
    gc();
    gc();
    const promoted = await promotedBy(served, 125, 1_000);
    // 2,000 responses of 4 KB: all of them (about 8 MB) were promoted when the lane kept them in a Set.
    expect(promoted).toBeLessThan((2_000 * PAYLOAD) / 4);
  });
});
