import type { ApiInput, InputRoundSettingsView } from '../../../shared/api';
import { gatherBelowQuiet, INPUT_ROUND_SETTINGS, type InputRoundSetting } from '../../../shared/config';

/**
 * The round settings as the Settings screen shows them: in seconds, one text per field; an empty
 * field is the default. The bounds are the settings file's (shared/config/input-round-settings.ts).
 */
export type RoundFields = Record<InputRoundSetting, string>;

/** `2000` → "2", `250` → "0.25": seconds as a person types them. */
export function secondsText(ms: number): string {
  return String(ms / 1000);
}

export function fieldsOf(view: InputRoundSettingsView): RoundFields {
  const text = (ms: number | undefined): string => (ms === undefined ? '' : secondsText(ms));
  return { inputRoundWindowMs: text(view.inputRoundWindowMs), inputRoundQuietMs: text(view.inputRoundQuietMs), inputRoundGatherMaxMs: text(view.inputRoundGatherMaxMs) };
}

export function rangeText(name: InputRoundSetting): string {
  const { min, max } = INPUT_ROUND_SETTINGS[name];
  return `${secondsText(min)} to ${secondsText(max)} seconds`;
}

/** A field's value in ms (null: empty, the default), or what is wrong with it. */
function parseField(name: InputRoundSetting, text: string): { ms: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ms: null };
  const seconds = Number(trimmed);
  const { min, max } = INPUT_ROUND_SETTINGS[name];
  const ms = Math.round(seconds * 1000);
  if (!/^\d*\.?\d+$|^\d+\.$/.test(trimmed) || !Number.isFinite(seconds) || ms < min || ms > max) {
    return { error: `Enter a number from ${rangeText(name)}, or leave it empty for the default.` };
  }
  return { ms };
}

export type RoundCheck = { payload: ApiInput<'setInputRoundSettings'>; errors: Partial<Record<InputRoundSetting, string>> };

/** The payload to save (whole ms, null for the default), and each field's problem: saved only without any. */
export function checkFields(fields: RoundFields): RoundCheck {
  const errors: RoundCheck['errors'] = {};
  const payload: Record<InputRoundSetting, number | null> = { inputRoundWindowMs: null, inputRoundQuietMs: null, inputRoundGatherMaxMs: null };
  for (const name of Object.keys(fields) as InputRoundSetting[]) {
    const parsed = parseField(name, fields[name]);
    if ('error' in parsed) errors[name] = parsed.error;
    else payload[name] = parsed.ms;
  }
  // A round gathers for at least one wait; an empty field stands for its default here too.
  const below = gatherBelowQuiet(payload.inputRoundQuietMs, payload.inputRoundGatherMaxMs);
  if (errors.inputRoundQuietMs === undefined && errors.inputRoundGatherMaxMs === undefined && below !== undefined) {
    errors.inputRoundGatherMaxMs =
      payload.inputRoundGatherMaxMs === null
        ? `Its default (${secondsText(below.bound)} seconds) is below the wait for more questions: set it to at least ${secondsText(below.quiet)} seconds.`
        : `Must be at least the wait for more questions (${secondsText(below.quiet)} seconds).`;
  }
  return { payload, errors };
}
