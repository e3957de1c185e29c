import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

const SEEDED = 230;
const line = (i: number): string => `${JSON.stringify({ time: 1_700_000_000_000 + i, agent: i % 2 === 0 ? 'even' : 'odd', server: 'github', kind: 'tool', tool: `call_${i}`, durationMs: 3, outcome: 'ok' })}\n`;

// More calls than the Activity page's 200, written before positions existed: readAudit pages back
// through them with `before`, filtered or not, against a real serve.
describe('readAudit pages through more than 200 entries (serve)', () => {
  let served: Served;
  let home: string;
  beforeAll(async () => {
    home = tempHome();
    mkdirSync(join(home, 'audit'), { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'audit', 'audit.jsonl'), Array.from({ length: SEEDED }, (_, i) => line(i)).join(''), { mode: 0o600 });
    served = await startServe(home);
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  const read = async (input: Record<string, unknown>): Promise<AuditEntry[]> => {
    const answer = await served.api('readAudit', input);
    expect(answer.status).toBe(200);
    return answer.body.result as AuditEntry[];
  };
  const seq = (e: AuditEntry): number => Number(e.tool.slice('call_'.length));

  it('answers the newest 200, then the page older than the last one, and says when nothing is older', async () => {
    const first = await read({ limit: 200 });
    expect(first.map(seq)).toEqual(Array.from({ length: 200 }, (_, i) => SEEDED - 1 - i));
    expect(first.filter((e) => e.older).length).toBe(1);
    expect(first.at(-1)?.older).toBe(true);
    const second = await read({ limit: 200, before: first.at(-1)?.at });
    expect(second.map(seq)).toEqual(Array.from({ length: SEEDED - 200 }, (_, i) => SEEDED - 201 - i));
    expect(second.some((e) => e.older)).toBe(false);
    // A cursor is an entry's `at`, nothing else (no file name).
    expect((await served.api('readAudit', { before: '../audit.1.jsonl' })).status).toBe(400);
  }, 60_000);

  it('keeps the filters with the cursor', async () => {
    const first = await read({ agent: 'odd', limit: 100 });
    expect(first.every((e) => e.agent === 'odd')).toBe(true);
    expect(first.at(-1)?.older).toBe(true);
    const rest = await read({ agent: 'odd', limit: 100, before: first.at(-1)?.at });
    expect(rest.map(seq)).toEqual(Array.from({ length: 15 }, (_, i) => 29 - 2 * i));
    expect(rest.some((e) => e.older)).toBe(false);
  }, 60_000);

  it('goes on from the cursor once its file is rotated to audit.1.jsonl between two pages', async () => {
    const first = await read({ server: 'github', limit: 200 });
    expect(first.at(-1)?.older).toBe(true);
    // As a rotation does it (another process's, say): the file renamed whole, newer calls in a new one.
    const dir = join(home, 'audit');
    renameSync(join(dir, 'audit.jsonl'), join(dir, 'audit.1.jsonl'));
    writeFileSync(join(dir, 'audit.jsonl'), Array.from({ length: 10 }, (_, i) => line(SEEDED + i)).join(''), { mode: 0o600 });
    const second = await read({ server: 'github', limit: 200, before: first.at(-1)?.at });
    expect(second.map(seq)).toEqual(Array.from({ length: SEEDED - 200 }, (_, i) => SEEDED - 201 - i));
    expect(second.some((e) => e.older)).toBe(false);
    expect((await read({ server: 'github', limit: 5 })).map(seq)).toEqual([239, 238, 237, 236, 235]);
  }, 60_000);
});
