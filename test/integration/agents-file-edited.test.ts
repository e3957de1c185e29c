import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminEntry } from '../../shared/api';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { eventually, startServe, type Served } from '../support/serve';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'agents file edited passphrase' };

async function adminLog(served: Served): Promise<AdminEntry[]> {
  return (await served.api('readAdminLog', { limit: 5000 })).body.result as AdminEntry[];
}

async function agentNames(served: Served): Promise<string[]> {
  return ((await served.api('listAgents', {})).body.result as { name: string }[]).map((a) => a.name);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Security review (MEDIUM): agents.json edited by hand while the app runs gave an agent full access
 * with nothing in the admin log or the review list. Changes the product's own code writes (a command
 * run while the app runs) are logged by that code, and must not be logged a second time.
 */
describe('agents.json edited while the app runs', () => {
  it('logs a hand-added full-access agent once, kept for review; a command line change once, not twice', async () => {
    const home = await passphraseHome(ENV, 'cs-agents-edited-');
    const added = await runCli(home, ['agents', 'add', 'helper', '--servers', 'github', '--policy', 'read=allow,write=ask,destructive=deny'], { env: ENV });
    expect(added.code, added.stderr).toBe(0);
    const served = await startServe(home, [], ENV);
    try {
      const file = join(home, 'agents.json');
      const current = JSON.parse(await readFile(file, 'utf8')) as { version: 1; agents: unknown[] };
      const token = `csa_${randomBytes(32).toString('base64url')}`;
      const backdoor = {
        name: 'backdoor',
        tokenHash: createHash('sha256').update(token).digest('hex'),
        tokenHint: token.slice(0, 8),
        createdAt: Date.now(),
        tokenCreatedAt: Date.now(),
        servers: ['*'],
        policy: { read: 'allow', write: 'allow', destructive: 'allow' },
        tools: {},
      };
      await writeFile(file, JSON.stringify({ version: 1, agents: [...current.agents, backdoor] }, null, 2));

      const found = await eventually(async () => {
        const entries = (await adminLog(served)).filter((e) => e.who === 'file');
        return entries.length > 0 ? entries : undefined;
      });
      // Asked again after the watcher and the store's own re-reads had their turn: still one.
      await agentNames(served);
      await sleep(1000);
      const fromFile = (await adminLog(served)).filter((e) => e.who === 'file');
      expect(fromFile).toHaveLength(1);
      expect(found[0]?.method).toBe('addAgent');
      expect(fromFile[0]?.summary).toContain('"backdoor"');
      expect(fromFile[0]?.summary).toContain('every server');
      expect(fromFile[0]?.review).toBe(true);
      const review = (await served.api('listOfflineChanges', {})).body.result as AdminEntry[];
      expect(review.filter((e) => e.who === 'file').map((e) => e.summary)).toEqual([fromFile[0]?.summary]);

      // Changes from the command line while the app runs are logged as `cli`, never again as an edit of the file.
      const narrowed = await runCli(home, ['agents', 'set', 'helper', '--policy', 'write=deny'], { env: ENV });
      expect(narrowed.code, narrowed.stderr).toBe(0);
      const removed = await runCli(home, ['agents', 'remove', 'backdoor'], { env: ENV });
      expect(removed.code, removed.stderr).toBe(0);
      await eventually(async () => ((await agentNames(served)).includes('backdoor') ? undefined : true));
      await sleep(1000);
      await agentNames(served);
      const log = await adminLog(served);
      expect(log.filter((e) => e.method === 'removeAgent').map((e) => e.who)).toEqual(['cli']);
      expect(log.filter((e) => e.method === 'updateAgent').map((e) => e.who)).toEqual(['cli']);
      expect(log.filter((e) => e.who === 'file')).toHaveLength(1);
    } finally {
      await served.stop();
    }
  }, 90_000);
});

describe('agents.json edited while no app runs', () => {
  it('is logged at the next start, kept for review, once; a command run while no app ran is not', async () => {
    const home = await passphraseHome(ENV, 'cs-agents-closed-');
    const added = await runCli(home, ['agents', 'add', 'helper', '--servers', 'github', '--policy', 'read=allow,write=ask,destructive=deny'], { env: ENV });
    expect(added.code, added.stderr).toBe(0);
    const first = await startServe(home, [], ENV);
    await first.stop();

    // With no app running: a command's change, then a hand edit giving the agent every server.
    const narrowed = await runCli(home, ['agents', 'set', 'helper', '--policy', 'write=deny'], { env: ENV });
    expect(narrowed.code, narrowed.stderr).toBe(0);
    const file = join(home, 'agents.json');
    const current = JSON.parse(await readFile(file, 'utf8')) as { version: 1; agents: { servers: unknown }[] };
    for (const agent of current.agents) agent.servers = ['*'];
    await writeFile(file, JSON.stringify(current, null, 2));

    const second = await startServe(home, [], ENV);
    try {
      const found = await eventually(async () => {
        const entries = (await adminLog(second)).filter((e) => e.who === 'file');
        return entries.length > 0 ? entries : undefined;
      });
      expect(found.map((e) => [e.method, e.review])).toEqual([['updateAgent', true]]);
      expect(found[0]?.summary).toBe('agents.json was edited outside the app while no app ran: change the agent "helper": servers → all');
      const review = (await second.api('listOfflineChanges', {})).body.result as AdminEntry[];
      expect(review.filter((e) => e.who === 'file').map((e) => e.summary)).toEqual([found[0]?.summary]);
    } finally {
      await second.stop();
    }
    // Started again with nothing changed: nothing more is told.
    const third = await startServe(home, [], ENV);
    try {
      await agentNames(third);
      await sleep(1000);
      expect((await adminLog(third)).filter((e) => e.who === 'file')).toHaveLength(1);
    } finally {
      await third.stop();
    }
  }, 90_000);
});
