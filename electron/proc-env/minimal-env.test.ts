import { describe, expect, it } from 'vitest';
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/sdk/client/stdio.js';
import { SDK_INHERITED_ENV_VARS, minimalEnv } from './minimal-env';

describe('minimalEnv', () => {
  const base = {
    PATH: '/usr/bin:/bin',
    HOME: '/home/ada',
    USER: 'ada',
    LANG: 'en_US.UTF-8',
    TMPDIR: '/tmp/ada',
    FOO_SECRET: 'app-secret-value',
    GITHUB_TOKEN: 'ghp_abcdefghijklmnop',
    NODE_OPTIONS: '--inspect',
    UNSET: undefined,
  };

  it('keeps only the inherited names, then adds the server env', () => {
    expect(minimalEnv(base, { API_KEY: 'mine', PATH: '/opt/bin' }, 'linux')).toEqual({
      PATH: '/opt/bin',
      HOME: '/home/ada',
      USER: 'ada',
      LANG: 'en_US.UTF-8',
      TMPDIR: '/tmp/ada',
      API_KEY: 'mine',
    });
  });

  it('skips exported shell functions', () => {
    expect(minimalEnv({ SHELL: '() { :; }; echo pwned', TERM: 'xterm' }, {}, 'linux')).toEqual({ TERM: 'xterm' });
  });

  it('matches names case-insensitively on Windows only', () => {
    expect(minimalEnv({ Path: 'C:\\bin', home: 'x' }, {}, 'win32')).toEqual({ Path: 'C:\\bin', home: 'x' });
    expect(minimalEnv({ Path: '/bin' }, {}, 'linux')).toEqual({});
  });

  it('keeps the copy of the SDK’s inherited names (not imported at start-up) equal to the SDK’s', () => {
    expect(SDK_INHERITED_ENV_VARS).toEqual(DEFAULT_INHERITED_ENV_VARS);
  });
});
