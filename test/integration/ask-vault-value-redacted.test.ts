import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecisionRecordSchema, type AuditEntry, type Decision } from '../../shared/api';
import { ASKING_SERVER, ROOT } from '../fixtures/servers/config';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { eventually, startServe, type Served } from '../support/serve';
import { tsEntry } from '../support/ts-entry';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'ask vault value passphrase' };
const VALUE = 'S3cr3tV4lu3-asked-back-XYZ';

// A server given a vault secret put it into its question: the person was shown it, and the decisions
// log kept it in clear (SECURITY.md: that log holds the redacted summary).
describe("a server's question holding a vault value it was given", () => {
  let home: string;
  let served: Served;
  beforeAll(async () => {
    home = await passphraseHome(ENV);
    expect((await runCli(home, ['secrets', 'set', 'ASKED_KEY'], { env: ENV, input: `${VALUE}\n` })).code).toBe(0);
    const added = await runCli(home, ['servers', 'add', 'asking', '--cwd', ROOT, '--env', 'ASK_ENV_VALUE=${secret:ASKED_KEY}', '--', process.execPath, ...tsEntry(ASKING_SERVER)], { env: ENV });
    expect(added.code, added.stderr).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'asking', '--yes'], { env: ENV })).code).toBe(0);
    served = await startServe(home, [], ENV);
  }, 60_000);
  afterAll(async () => {
    await served.stop();
  });

  it('is shown redacted, and the decisions log keeps no trace of the value', async () => {
    const call = served.api('callTool', { server: 'asking', tool: 'ask-with-env', arguments: {} });
    const ask = await eventually(async () => ((await served.api('listDecisions')).body.result as Decision[]).find((d) => d.kind === 'ask'), 30_000);
    expect(ask.summary).toContain('confirm [redacted]');
    expect(JSON.stringify(ask)).toContain('about [redacted]');
    expect(JSON.stringify(ask)).not.toContain(VALUE);
    expect((await served.api('decide', { kind: 'ask', id: ask.id, answer: { action: 'decline' } })).body.result).toEqual({ outcome: 'decline' });
    expect(JSON.stringify((await call).body)).toContain('action: decline');
    const lines = await eventually(() => {
      const rows = readFileSync(join(home, 'audit', 'decisions.jsonl'), 'utf8').trim().split('\n').filter(Boolean);
      return Promise.resolve(rows.length >= 1 ? rows : undefined);
    });
    const record = DecisionRecordSchema.parse(JSON.parse(lines[lines.length - 1] ?? '{}'));
    expect(record.what).toContain('confirm [redacted]');
    expect(lines.join('\n')).not.toContain(VALUE);
  }, 90_000);

  // Opening such a URL would hand the value to that site: it is refused in the core, so no screen can show or open it.
  it.each(['plain', 'base64', 'hex'] as const)('a URL-mode request whose URL holds it (%s) is refused unseen, and the person is told why', async (form) => {
    const result = await served.api('callTool', { server: 'asking', tool: 'ask-url-with-env', arguments: { form } });
    const text = JSON.stringify(result.body);
    expect(text.includes(VALUE) || text.includes(Buffer.from(VALUE).toString(form === 'plain' ? 'utf8' : form))).toBe(false);
    expect(text).toContain('URL request refused: its URL holds a value Connected Services keeps secret');
    const pending = JSON.stringify((await served.api('listAsks')).body);
    expect(pending).not.toContain('example.com/continue');
    const audit = (await served.api('readAudit', { server: 'asking' })).body.result as AuditEntry[];
    expect(audit.find((e) => e.kind === 'elicitation' && e.warning !== undefined)?.warning).toBe("the server's URL holds the value of ASKED_KEY from the vault");
  }, 30_000);
});
