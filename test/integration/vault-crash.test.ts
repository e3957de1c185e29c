import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { openVault } from '../../electron/vault';
import { bundleWriter } from '../fixtures/vault/bundle-writer';
import { CRASH_KEY, parseCrashValue, seeded } from '../fixtures/vault/crash-values';
import { FAST_SCRYPT, tempDataDir } from '../fixtures/vault/util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PASSPHRASE = 'crash-test-passphrase';
const ROUNDS = 20;
const WRITES = 100;
const SEED = Number(process.env['VAULT_CRASH_SEED'] ?? 20_240_611);

interface Round {
  /** Indices the child reported as written (the set had resolved). */
  committed: number[];
  signal: NodeJS.Signals | null;
}

interface Writer {
  /** Lets the writer go; SIGKILLs it `delayMs` after its write number `killAfter` is acknowledged. */
  run(killAfter: number, delayMs: number): Promise<Round>;
}

/** Spawns a writer that loads and then waits, so the next round's start-up overlaps this round's checks. */
function startWriter(dataDir: string, round: number): Writer {
  const child = spawn(
    process.execPath,
    [writer, 'sequence', dataDir, String(round), String(WRITES), String(SEED + round)],
    { cwd: ROOT, env: { ...process.env, CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const committed: number[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const ended = new Promise<NodeJS.Signals | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (_code, signal) => resolve(signal));
  });
  return {
    run(killAfter, delayMs) {
      return new Promise((resolve, reject) => {
        let buffered = '';
        let armed = false;
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`writer round ${round} never reached write ${killAfter}: ${stderr}`));
        }, 20_000);
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          buffered += chunk;
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) {
            const match = /^committed (\d+)$/.exec(line);
            if (match) committed.push(Number(match[1]));
            if (!armed && (line === 'ready' ? killAfter < 0 : committed.length > killAfter)) {
              armed = true;
              setTimeout(() => child.kill('SIGKILL'), delayMs);
            }
          }
        });
        ended.then(
          (signal) => {
            clearTimeout(timer);
            resolve({ committed, signal });
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
        child.stdin.end('go\n');
      });
    },
  };
}

let writer = '';
beforeAll(async () => {
  writer = await bundleWriter();
});

describe('crash safety', () => {
  it(`a writer killed with SIGKILL at random points always leaves the old or the new value (seed ${SEED})`, async () => {
    const dataDir = tempDataDir();
    const random = seeded(SEED);
    const open = () => openVault({ dataDir, env: { CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE }, scrypt: FAST_SCRYPT });
    let previous: { round: number; index: number } | undefined;
    let next = startWriter(dataDir, 0);

    for (let round = 0; round < ROUNDS; round += 1) {
      const current = next;
      // -1: killed right after opening, before its first write is acknowledged.
      const killAfter = Math.floor(random() * 80) - 1;
      const delayMs = Math.floor(random() * 6);
      const result = await current.run(killAfter, delayMs);
      expect(result.signal, `round ${round} ended by itself`).toBe('SIGKILL');
      if (round + 1 < ROUNDS) next = startWriter(dataDir, round + 1);
      // The dead writer may have held the lock; taking over a stale lock is tested in vault-concurrency.
      rmSync(join(dataDir, 'vault.enc.lock'), { recursive: true, force: true });

      const vault = await open();
      const value = await vault.get(CRASH_KEY);
      const health = vault.health();
      await vault.close();
      expect(health.state, health.message).toBe('ready');
      expect(health.corruptFiles).toEqual([]);

      const parsed = value === undefined ? undefined : parseCrashValue(value);
      expect(value === undefined || parsed !== undefined, `round ${round}: a torn value`).toBe(true);
      const last = result.committed.at(-1);
      if (last === undefined) {
        // Nothing acknowledged: the previous round's value, or this round's first write.
        const first = parsed?.round === round && parsed.index === 0;
        expect(first || JSON.stringify(parsed) === JSON.stringify(previous), `round ${round}: ${JSON.stringify(parsed)}`).toBe(true);
      } else {
        expect(parsed?.round).toBe(round);
        expect([last, last + 1]).toContain(parsed?.index);
      }
      previous = parsed;
    }

    // A writer that survives cleans up the temp files the killed ones left behind.
    const survivor = await open();
    await survivor.set(CRASH_KEY, '0:0:0:');
    await survivor.close();
    expect(readdirSync(dataDir).sort()).toEqual(['vault.enc']);
  }, 60_000);
});
