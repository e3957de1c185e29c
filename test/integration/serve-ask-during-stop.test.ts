import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { ASK_ENTRIES_PER_WINDOW } from '../../electron/app/asks/ask-windows';
import { MAX_WAITING_ASKS } from '../../electron/app/asks/waiting-asks';
import { askingServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { startServe } from '../support/serve';

/** Forms outside any call before the stop (more than the minute's budget of lines), and at it. */
const BEFORE = 30;
const AT_STOP = 10;

async function until(done: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting for the audit');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function auditEntries(home: string): AuditEntry[] {
  const file = join(home, 'audit', 'audit.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as AuditEntry);
}

// The pool closes after the bridge: a server's request its close meets (the server asks as it is
// stopped) used to find the audit already closed, and its entry was dropped.
describe("a server's request while serve stops its servers", () => {
  it('is in the audit once serve has stopped: declined unseen, nobody left to answer it', async () => {
    const home = tempHome('cs-ask-stop-');
    const served = await startServe(home);
    try {
      expect((await served.api('addServer', { name: 'asking', config: askingServer() })).status).toBe(200);
      expect((await served.api('approveServer', { name: 'asking' })).status).toBe(200);
      const armed = await served.api('callTool', { server: 'asking', tool: 'ask-at-stop', arguments: {} });
      expect(JSON.stringify(armed.body.result)).toContain('armed');
    } finally {
      await served.stop();
    }
    const asked = auditEntries(home).filter((e) => e.kind === 'elicitation');
    expect(asked).toEqual([expect.objectContaining({ agent: '', server: 'asking', tool: '(outside any call)', outcome: 'denied', answer: 'decline', answeredBy: 'nobody' })]);
  }, 60_000);

  // The audit's windows write their counts once the bridge has closed; what came after used to be
  // written a line each, past the window's budget, so a server asking as it was stopped wrote a line a request.
  it("counts what the stop meets against the minute's budget, into one line written before serve exits", async () => {
    const home = tempHome('cs-ask-stop-flood-');
    const served = await startServe(home);
    try {
      expect((await served.api('addServer', { name: 'asking', config: askingServer() })).status).toBe(200);
      expect((await served.api('approveServer', { name: 'asking' })).status).toBe(200);
      const armed = await served.api('callTool', { server: 'asking', tool: 'ask-at-stop', arguments: { before: BEFORE, n: AT_STOP } });
      expect(JSON.stringify(armed.body.result)).toContain('armed');
      // All sent: the first 16 wait for the person, every later one is declined unseen at once.
      const declined = BEFORE - MAX_WAITING_ASKS;
      await until(async () => {
        const read = await served.api('readAudit', { server: 'asking', limit: 1000 });
        const entries = read.body.result as AuditEntry[];
        return entries.filter((e) => e.kind === 'elicitation').reduce((sum, e) => sum + (e.requests ?? 1), 0) >= declined;
      });
      // A second without a request: the stop's own fit the server's rate budget (10 a second), none dropped unaudited.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      await served.stop();
    }
    const asked = auditEntries(home).filter((e) => e.kind === 'elicitation');
    // Declined unseen, or ended waiting for the person by the stop.
    expect(asked.filter((e) => e.server !== 'asking' || e.answeredBy !== 'nobody')).toEqual([]);
    expect(asked.reduce((sum, e) => sum + (e.requests ?? 1), 0)).toBe(BEFORE + AT_STOP);
    // One minute: its budget of lines, the count written when the bridge closed, and the stop's count.
    expect(asked.filter((e) => e.requests === undefined)).toHaveLength(ASK_ENTRIES_PER_WINDOW);
    expect(asked.filter((e) => e.requests !== undefined).map((e) => e.requests)).toEqual([BEFORE - ASK_ENTRIES_PER_WINDOW, AT_STOP]);
  }, 90_000);
});
