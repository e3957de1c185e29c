import { describe, expect, it } from 'vitest';
import { resolveCoreEnv, resolveProcessEnv } from './index';

describe('resolveCoreEnv', () => {
  const fallback = { env: { FROM: 'process' }, log: (): void => undefined, now: (): number => 1 };

  it('takes what the options give', () => {
    const log = (): void => undefined;
    const now = (): number => 2;
    expect(resolveCoreEnv({ dataDir: '/data', env: { FROM: 'options' }, log, now }, fallback)).toEqual({ dataDir: '/data', env: { FROM: 'options' }, log, now });
  });

  it('fills what they leave out from the fallback, one value at a time', () => {
    const now = (): number => 3;
    const core = resolveCoreEnv({ dataDir: '/data', now }, fallback);
    expect(core).toEqual({ dataDir: '/data', env: fallback.env, log: fallback.log, now });
  });
});

describe('resolveProcessEnv', () => {
  it('fills what a module without a data folder leaves out, one value at a time', () => {
    const fallback = { env: { FROM: 'process' }, log: (): void => undefined, now: (): number => 1 };
    const log = (): void => undefined;
    expect(resolveProcessEnv({ log }, fallback)).toEqual({ env: fallback.env, log, now: fallback.now });
  });
});
