import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentConnectLockPath, withAgentConnectLock } from './agent-connect-lock';

describe('withAgentConnectLock', () => {
  it('holds connect-NAME.lock in the data folder while it runs, and leaves none', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cs-connect-lock-'));
    const lock = path.join(dataDir, 'connect-a1.lock');
    const seen = await withAgentConnectLock(dataDir, 'a1', () => Promise.resolve(existsSync(lock)));
    expect(seen).toBe(true);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("takes over at once the lock of a process that is gone (another boot's)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cs-connect-lock-'));
    const owner = { v: 1, pid: process.pid, host: hostname(), nonce: 'gone-owner-nonce', boot: 'a-boot-before-this-one', since: new Date().toISOString() };
    writeFileSync(path.join(dataDir, 'connect-a1.lock'), JSON.stringify(owner));
    expect(await withAgentConnectLock(dataDir, 'a1', () => Promise.resolve('ran'))).toBe('ran');
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('runs in turn: a second waits for the first to let go', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cs-connect-lock-'));
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered = () => {};
    const firstIn = new Promise<void>((resolve) => (entered = resolve));
    const first = withAgentConnectLock(dataDir, 'a1', async () => {
      entered();
      await held;
      order.push('first');
    });
    await firstIn;
    const second = withAgentConnectLock(dataDir, 'a1', () => Promise.resolve(void order.push('second')));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });

  it('makes no path of a name that is not an agent name', () => {
    expect(() => agentConnectLockPath('/data', '../x')).toThrow(/not an agent name/);
    expect(() => agentConnectLockPath('/data', 'a/b')).toThrow(/not an agent name/);
    expect(agentConnectLockPath('/data', 'bot 1')).toBe(path.join('/data', 'connect-bot 1'));
  });

  it('without a data folder, runs at once', async () => {
    expect(await withAgentConnectLock(undefined, 'a1', () => Promise.resolve(1))).toBe(1);
  });
});
