import { describe, expect, it } from 'vitest';
import { checkEntryVariable, refusedEntryVariable } from './entry-env';

describe('the variables a registry entry may not set', () => {
  it('refuses the Windows ones that choose which program runs a command, in any case, as Windows reads them', () => {
    for (const name of ['COMSPEC', 'ComSpec', 'comspec', 'PATHEXT', 'PathExt', 'WINDIR', 'windir', 'SystemRoot']) {
      expect(refusedEntryVariable(name), name).toBe(true);
      expect(() => checkEntryVariable(name), name).toThrow(/not accepted from a registry/);
    }
  });

  it('still refuses the code-loading and configuration ones in any case, and takes an ordinary name', () => {
    for (const name of ['PATH', 'Path', 'NODE_OPTIONS', 'npm_config_registry', 'Home', 'xdg_config_home']) expect(refusedEntryVariable(name), name).toBe(true);
    for (const name of ['API_BASE', 'WEATHER_UNITS', 'COMSPEC_NOTE', 'MY_PATHEXT']) expect(refusedEntryVariable(name), name).toBe(false);
  });

  it('refuses what makes git, Corepack, Bun, Yarn or a node version manager run or fetch other code, naming why', () => {
    const refused = ['GIT_SSH_COMMAND', 'GIT_SSH', 'GIT_EXEC_PATH', 'GIT_ASKPASS', 'GIT_PROXY_COMMAND', 'GIT_CONFIG_COUNT', 'GIT_CONFIG_KEY_0', 'GIT_CONFIG_GLOBAL', 'git_config_parameters',
      'COREPACK_NPM_REGISTRY', 'COREPACK_HOME', 'VOLTA_HOME', 'NVM_DIR', 'BUN_CONFIG_REGISTRY', 'BUN_INSTALL', 'YARN_NPM_REGISTRY_SERVER', 'PYTHONPATH', 'PYTHONSTARTUP'];
    for (const name of refused) {
      expect(refusedEntryVariable(name), name).toBe(true);
      expect(() => checkEntryVariable(name), name).toThrow(/not accepted from a registry: it decides what code runs/);
    }
    expect(() => checkEntryVariable('UV_INDEX_URL')).toThrow(/fetch the pinned package from/);
    expect(() => checkEntryVariable('PIP_INDEX_URL')).toThrow(/fetch the pinned package from/);
    expect(() => checkEntryVariable('HTTPS_PROXY')).toThrow(/a proxy or a certificate authority/);
    for (const name of ['GIT_AUTHOR_NAME', 'GITHUB_OWNER', 'BUNDLE_NAME', 'NVM_NOTE']) expect(refusedEntryVariable(name), name).toBe(false);
  });
});
