import { describe, expect, it } from 'vitest';
import { shellCoreOptions } from './core-options';

describe('shellCoreOptions', () => {
  const context = {
    dataDir: '/home/me/.config/connected-services',
    isPackaged: true,
    opener: () => Promise.resolve(),
    passphrasePrompt: () => Promise.resolve('pw'),
    log: () => undefined,
    keychainRunner: () => Promise.resolve({ ok: true as const, value: null }),
  };

  it('opens the CLI data folder with the default key provider, a live config and a non-fatal bridge', () => {
    const options = shellCoreOptions(context);
    expect(options).toMatchObject({ dataDir: context.dataDir, watch: true, warmUp: true, bridge: { required: false } });
    expect(options.vaultProvider).toBeUndefined();
    expect(options.opener).toBe(context.opener);
    expect(options.passphrasePrompt).toBe(context.passphrasePrompt);
    // The fused app cannot re-run itself as Node: the keychain goes through the app's own helper.
    expect(options.keychainRunner).toBe(context.keychainRunner);
  });

  it('writes the demo servers only outside a packaged app', () => {
    expect(shellCoreOptions(context).demo).toBe(false);
    expect(shellCoreOptions({ ...context, isPackaged: false }).demo).toBe(true);
  });
});
