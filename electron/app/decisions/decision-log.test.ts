import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../../shared/api';
import { AUDIT_WINDOW_MS } from '../../bridge';
import { ManualTimers } from '../../../test/support/manual-timers';
import { DecisionLog, WITHDRAWN_PER_WINDOW } from './decision-log';

const record = (n: number, extra: Partial<DecisionRecord> = {}): DecisionRecord => ({
  id: `call-${n}`,
  kind: 'call',
  what: 'churn calls everything/write_file',
  who: 'agent',
  outcome: 'denied',
  requestedAt: n,
  time: n,
  agent: 'churn',
  ...extra,
});

const lines = (log: DecisionLog): DecisionRecord[] => readFileSync(log.file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as DecisionRecord);

describe('DecisionLog', () => {
  it("counts an agent's withdrawn asks past the bound per minute; the person's decisions and other agents' are written as they come", async () => {
    const clock = new ManualTimers();
    const log = new DecisionLog({ dataDir: mkdtempSync(join(tmpdir(), 'decisions-')), clock });
    for (let i = 0; i < 500; i++) log.append(record(i));
    log.append(record(1000, { who: 'person', outcome: 'allowed' }));
    log.append(record(1001, { agent: 'other' }));
    await log.flush();
    expect(lines(log)).toHaveLength(WITHDRAWN_PER_WINDOW + 2);
    // The minute ends: its count is written then, not at the next record.
    clock.advance(AUDIT_WINDOW_MS);
    await log.flush();
    const written = lines(log);
    expect(written.at(-1)).toMatchObject({ agent: 'churn', id: `call-${WITHDRAWN_PER_WINDOW}`, repeated: 500 - WITHDRAWN_PER_WINDOW });
    expect(written.filter((r) => r.who === 'person')).toHaveLength(1);
    expect(written.filter((r) => r.agent === 'other')).toHaveLength(1);
    for (let i = 0; i < 30; i++) log.append(record(2000 + i));
    await log.close();
    expect(lines(log).at(-1)).toMatchObject({ repeated: 10 });
  });
});
