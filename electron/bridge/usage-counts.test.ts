import { describe, expect, it } from 'vitest';
import type { AuditEntry } from './audit-entry';
import type { CallContext } from './call-context';
import { UsageCounts } from './usage-counts';

const entry = (agent: string, server: string, tool: string, kind: AuditEntry['kind'] = 'tool'): AuditEntry => ({ agent, server, tool, kind, outcome: 'ok', time: 0, durationMs: 1 });

describe('UsageCounts', () => {
  it('seeds from the audit log once (tool calls only), then counts; the agent’s own and everyone’s', async () => {
    let reads = 0;
    const audit = {
      read: () => {
        reads++;
        return Promise.resolve([entry('a', 'github', 'create_issue'), entry('b', 'github', 'create_issue'), entry('a', 'docs', 'file:///x', 'resource')]);
      },
    };
    const ctx = { audit, log: () => undefined } as unknown as CallContext;
    const counts = new UsageCounts();
    await counts.seed(ctx);
    await counts.seed(ctx);
    expect(reads).toBe(1);
    expect(counts.of('a', 'github', 'create_issue')).toEqual({ agent: 1, person: 2 });
    expect(counts.of('a', 'docs', 'file:///x')).toEqual({ agent: 0, person: 0 });
    counts.count('a', 'github', 'create_issue');
    expect(counts.of('a', 'github', 'create_issue')).toEqual({ agent: 2, person: 3 });
    expect(counts.of('c', 'github', 'create_issue')).toEqual({ agent: 0, person: 3 });
  });
});
