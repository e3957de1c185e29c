import { afterAll, beforeAll } from 'vitest';
import { createSecretServiceStore } from '../../electron/secret-stores/secret-service-store';
import { startKeyringBus, type KeyringBus } from './keyring-bus';

/** What a test file's keyring gives its tests: the running bus, and the product's store on it. */
export interface FileKeyring {
  keyring: () => KeyringBus;
  /** The `secret-service` store on that bus; `env` adds to (or replaces) the store's environment. */
  store: (env?: Record<string, string | undefined>) => ReturnType<typeof createSecretServiceStore>;
}

/** One real gnome-keyring for the tests of the describe (or file) that calls it, seeded as `seed` says, closed after them. */
export function keyringPerFile(seed: (keyring: KeyringBus) => void): FileKeyring {
  let bus: KeyringBus | undefined;
  const keyring = (): KeyringBus => {
    if (bus === undefined) throw new Error('the keyring starts in beforeAll');
    return bus;
  };
  beforeAll(async () => {
    bus = await startKeyringBus();
    seed(bus);
  }, 90_000);
  afterAll(async () => {
    await bus?.close();
  });
  return {
    keyring,
    store: (env = {}) => createSecretServiceStore({ name: 'secret-service', config: { type: 'secret-service', timeoutMs: 60_000 }, env: { ...process.env, ...keyring().env, ...env } }),
  };
}
