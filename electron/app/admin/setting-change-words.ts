import { INPUT_ROUND_SETTINGS, SESSION_SETTINGS, type InputRoundSetting, type SessionSetting } from '../../../shared/config';

/** A time in ms as a person reads it: `250 ms`, `30 s`, `1.5 s`, `5 minutes`, `1 hour`. */
export function msWords(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? '1 hour' : `${ms / 3_600_000} hours`;
  if (ms % 60_000 === 0) return ms === 60_000 ? '1 minute' : `${ms / 60_000} minutes`;
  return `${ms / 1000} s`;
}

type Named = Record<string, { label: string } | undefined>;

/**
 * The settings a change sets, by the names the Settings screen gives them (`"Time an agent has to
 * answer" → 30 s`), not their keys in mcp.json: what Activity → Changes shows the person.
 */
export function settingChangeWords(input: Partial<Record<InputRoundSetting | SessionSetting, number | null | undefined>>): string {
  const named: Named = { ...INPUT_ROUND_SETTINGS, ...SESSION_SETTINGS };
  const each = Object.entries(input).map(([key, value]) => {
    const label = named[key]?.label ?? key;
    const shown = value === null || value === undefined ? 'its default' : key.endsWith('Ms') ? (value === 0 && key === 'sessionCheckMs' ? 'never' : msWords(value)) : String(value);
    return `"${label}" → ${shown}`;
  });
  return each.join(', ') || 'nothing';
}
