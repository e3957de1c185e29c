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
});
