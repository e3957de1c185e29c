import type { ApiInput, WebUiSettingsView } from '../../../shared/api';
import type { Settings } from '../../../shared/config';
import type { Registry } from '../../registry';

function webUiSettingsOf(settings: Settings | undefined): WebUiSettingsView {
  const idle = settings?.uiSessionIdleMs;
  return idle === undefined ? {} : { uiSessionIdleMs: idle };
}

/**
 * `webUiSettings` and `setWebUiSettings`: `settings.uiSessionIdleMs` through the registry's locked,
 * validated edit. The web server asks the config at each idle check (idle-setting.ts), so a change
 * applies to tabs already open.
 */
export function createWebUiSettingsApi(registry: Registry) {
  return {
    webUiSettings: () => Promise.resolve(webUiSettingsOf(registry.config().settings)),
    setWebUiSettings: async (input: ApiInput<'setWebUiSettings'>) => {
      await registry.setSettings(input);
      return webUiSettingsOf(registry.config().settings);
    },
  };
}
