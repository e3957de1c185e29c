import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';
import { agentThroughServe } from '../support/serve-agent';

const FLOOD = 300;

interface Line {
  agent: string;
  tool: string;
  outcome: string;
  server: string;
  repeated?: number;
}

/** Every audit line on disk, rotated files included. */
function auditLines(home: string): Line[] {
  const dir = join(home, 'audit');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'))
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);
}

// The review's attack: an agent sends refused requests until its earlier calls rotate out of the audit.
describe('an agent flooding the audit with refused requests', () => {
  let home: string;
  let served: Served;
  beforeAll(async () => {
    home = tempHome();
    served = await startServe(home);
  });
  afterAll(async () => {
    await served.stop();
  });

  it('keeps its earlier call, writes a bounded number of refusal lines and counts the rest, each name cut', async () => {
    const { client, close } = await agentThroughServe(served, 'flooder', ['--servers', 'everything', '--policy', 'read=allow,write=allow,destructive=allow']);
    try {
      await client.callTool({ name: 'everything__echo', arguments: { message: 'remember me' } });
      const uri = `file:///${'a'.repeat(4000)}`;
      for (let i = 0; i < FLOOD; i += 50) {
        await Promise.all(Array.from({ length: 50 }, (_, j) => client.readResource({ uri: `${uri}${i + j}` }).catch(() => undefined)));
      }
    } finally {
      await close();
    }
    // Before its minute ends, Activity's read has the count as it stands: nothing lost to the wait, no line per refusal.
    const read = (await served.api('readAudit', { agent: 'flooder', limit: 1000 })).body.result as Line[];
    const before = read.filter((l) => l.server === '');
    expect(before.reduce((sum, l) => sum + (l.repeated ?? 1), 0)).toBe(FLOOD);
    await served.stop();

    const lines = auditLines(home).filter((l) => l.agent === 'flooder');
    expect(lines.some((l) => l.tool === 'echo' && l.outcome === 'ok')).toBe(true);
    const refused = lines.filter((l) => l.server === '');
    const written = refused.filter((l) => l.repeated === undefined);
    const counted = refused.reduce((sum, l) => sum + (l.repeated ?? 0), 0);
    // One window per minute: a slow machine may see two or three, never one line per refusal.
    expect(written.length).toBeLessThanOrEqual(60);
    expect(written.length + counted).toBe(FLOOD);
    for (const l of refused) expect(l.tool.length).toBeLessThan(400);
  });
});
