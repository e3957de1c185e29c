import type { ApiInput, SessionSettingsView } from '../../../shared/api';
import { SESSION_SETTING_NAMES, type Settings } from '../../../shared/config';
import type { Registry } from '../../registry';

/** The session settings of `settings` as set (left out: the default applies). */
function sessionSettingsOf(settings: Settings | undefined): SessionSettingsView {
  const view: SessionSettingsView = {};
  for (const name of SESSION_SETTING_NAMES) {
    const value = settings?.[name];
    if (value !== undefined) view[name] = value;
  }
  return view;
}

/**
 * `sessionSettings` and `setSessionSettings`: mcp.json's settings through the registry's locked,
 * validated edit; the pool is given the new config on reload (slot-session.ts), so a change applies
 * to the running sessions without a restart.
 */
export function createSessionSettingsApi(registry: Registry) {
  return {
    sessionSettings: () => Promise.resolve(sessionSettingsOf(registry.config().settings)),
    setSessionSettings: async (input: ApiInput<'setSessionSettings'>) => {
      await registry.setSettings(input);
      return sessionSettingsOf(registry.config().settings);
    },
  };
}
