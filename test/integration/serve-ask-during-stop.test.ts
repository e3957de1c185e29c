import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { askingServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { startServe } from '../support/serve';

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
});
