import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { performKeychainRequest, type KeychainEntry } from './keychain-request';
import { createUtilityKeychainRunner, type ForkUtility, type UtilityChild } from './keychain-runner';

class MemoryEntry implements KeychainEntry {
  static store = new Map<string, string>();
  static lastOptions: unknown;
  readonly #key: string;
  constructor(service: string, account: string, options?: unknown) {
    this.#key = `${service}/${account}`;
    MemoryEntry.lastOptions = options;
  }
  getPassword() {
    return Promise.resolve(MemoryEntry.store.get(this.#key) ?? null);
  }
  setPassword(value: string) {
    MemoryEntry.store.set(this.#key, value);
    return Promise.resolve();
  }
  deleteCredential() {
    return Promise.resolve(MemoryEntry.store.delete(this.#key));
  }
}

describe('performKeychainRequest', () => {
  it('gets, sets and deletes, pinned to the Secret Service on Linux', async () => {
    expect(await performKeychainRequest({ op: 'get', service: 's', account: 'a' }, MemoryEntry, 'linux')).toEqual({ ok: true, value: null });
    expect(MemoryEntry.lastOptions).toEqual({ linux: { store: 'secret-service' } });
    expect(await performKeychainRequest({ op: 'set', service: 's', account: 'a', value: 'k' }, MemoryEntry, 'darwin')).toEqual({ ok: true, value: null });
    expect(MemoryEntry.lastOptions).toBeUndefined();
    expect(await performKeychainRequest({ op: 'get', service: 's', account: 'a' }, MemoryEntry, 'darwin')).toEqual({ ok: true, value: 'k' });
    expect(await performKeychainRequest({ op: 'delete', service: 's', account: 'a' }, MemoryEntry, 'darwin')).toEqual({ ok: true, value: 'true' });
  });

  it('refuses unknown operations and reports keychain failures', async () => {
    expect(await performKeychainRequest({ op: 'list', service: 's' }, MemoryEntry, 'linux')).toEqual({ ok: false, message: 'unknown operation' });
    class Locked extends MemoryEntry {
      override getPassword(): Promise<string | null> {
        return Promise.reject(new Error('The collection is locked'));
      }
    }
    expect(await performKeychainRequest({ op: 'get', service: 's', account: 'a' }, Locked, 'linux')).toEqual({ ok: false, message: 'The collection is locked' });
  });
});

class FakeChild extends EventEmitter implements UtilityChild {
  killed = 0;
  posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  kill() {
    this.killed++;
    return true;
  }
}

function runnerWith(behaviour: (child: FakeChild) => void) {
  const children: FakeChild[] = [];
  const forks: { path: string; env: Record<string, string> }[] = [];
  const fork: ForkUtility = (path, options) => {
    const child = new FakeChild();
    children.push(child);
    forks.push({ path, env: options.env });
    queueMicrotask(() => {
      child.emit('spawn');
      behaviour(child);
    });
    return child;
  };
  const run = createUtilityKeychainRunner({ fork, entryPath: '/app/dist/shell-keychain.cjs', env: { HOME: '/h', CONNECTED_SERVICES_PASSPHRASE: 'pw', NODE_OPTIONS: '--inspect', ELECTRON_RUN_AS_NODE: '1', UNSET: undefined } });
  return { run, children, forks };
}

describe('createUtilityKeychainRunner', () => {
  it('sends the request once spawned, resolves with the reply and kills the helper', async () => {
    const { run, children, forks } = runnerWith((child) => child.emit('message', { ok: true, value: 'abc' }));
    await expect(run({ op: 'get', service: 's', account: 'a' }, new AbortController().signal)).resolves.toEqual({ ok: true, value: 'abc' });
    expect(children[0]?.posted).toEqual([{ op: 'get', service: 's', account: 'a' }]);
    expect(children[0]?.killed).toBe(1);
    expect(forks[0]).toEqual({ path: '/app/dist/shell-keychain.cjs', env: { HOME: '/h' } });
  });

  it('rejects when the helper exits without answering or answers nonsense', async () => {
    await expect(runnerWith((child) => child.emit('exit', 3)).run({ op: 'get', service: 's', account: 'a' }, new AbortController().signal)).rejects.toThrow(/exited with code 3/);
    await expect(runnerWith((child) => child.emit('message', { value: 1 })).run({ op: 'get', service: 's', account: 'a' }, new AbortController().signal)).rejects.toThrow(/unexpected shape/);
  });

  it('kills a helper that hangs when the caller gives up', async () => {
    const { run, children } = runnerWith(() => undefined);
    const controller = new AbortController();
    const pending = run({ op: 'get', service: 's', account: 'a' }, controller.signal);
    await Promise.resolve();
    controller.abort();
    await expect(pending).rejects.toThrow('aborted');
    expect(children[0]?.killed).toBe(1);
    const aborted = new AbortController();
    aborted.abort();
    await expect(run({ op: 'get', service: 's', account: 'a' }, aborted.signal)).rejects.toThrow('aborted');
    expect(children).toHaveLength(1);
  });
});
