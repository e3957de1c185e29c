import type { ApiInput, InputRoundSettingsView } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { gatherBelowQuiet, INPUT_ROUND_SETTING_NAMES, type Settings } from '../../../shared/config';
import type { Registry } from '../../registry';

/** The round settings of `settings` as set (left out: the default applies). */
function roundSettingsOf(settings: Settings | undefined): InputRoundSettingsView {
  const view: InputRoundSettingsView = {};
  for (const name of INPUT_ROUND_SETTING_NAMES) {
    const value = settings?.[name];
    if (value !== undefined) view[name] = value;
  }
  return view;
}

/**
 * `inputRoundSettings` and `setInputRoundSettings`: mcp.json's settings through the registry's
 * locked, validated edit; the bridge reads them at each round (start-core-bridge.ts), so a change
 * applies to the next round without a restart.
 */
export function createInputRoundApi(registry: Registry) {
  return {
    inputRoundSettings: () => Promise.resolve(roundSettingsOf(registry.config().settings)),
    setInputRoundSettings: async (input: ApiInput<'setInputRoundSettings'>) => {
      // With the file's other values and the defaults: a bound below the quiet would be saved and do nothing.
      const now = registry.config().settings;
      const below = gatherBelowQuiet(
        input.inputRoundQuietMs === undefined ? now?.inputRoundQuietMs : input.inputRoundQuietMs,
        input.inputRoundGatherMaxMs === undefined ? now?.inputRoundGatherMaxMs : input.inputRoundGatherMaxMs,
      );
      if (below !== undefined) {
        throw new CodedError('invalid_input', `inputRoundGatherMaxMs would be ${below.bound} ms, below inputRoundQuietMs (${below.quiet} ms): a round gathers at least one quiet`, {
          hint: `set inputRoundGatherMaxMs to at least ${below.quiet} ms, or lower inputRoundQuietMs`,
        });
      }
      await registry.setSettings(input);
      return roundSettingsOf(registry.config().settings);
    },
  };
}
