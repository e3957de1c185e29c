import type { ApiInput, SessionSettingsView } from '../../../shared/api';
import { SESSION_SETTING_NAMES, SESSION_SETTINGS, sessionSetting, type SessionSetting } from '../../../shared/config';
import { secondsText } from './input-round-model';

/**
 * The session settings as the Settings screen shows them: the two times in seconds, the renewals a
 * count, one text per field; an empty field is the default. What is saved passes the settings
 * file's own schema (shared/config/session-settings.ts), so the form refuses what the file refuses.
 */
export type SessionFields = Record<SessionSetting, string>;

/** Whether a field is typed in seconds (shown and typed as seconds, saved as ms). */
export function inSeconds(name: SessionSetting): boolean {
  return name !== 'sessionRenewalsPerMinute';
}

/** A value as its field shows it. */
export function fieldText(name: SessionSetting, value: number): string {
  return inSeconds(name) ? secondsText(value) : String(value);
}

export function fieldsOf(view: SessionSettingsView): SessionFields {
  const text = (name: SessionSetting): string => {
    const value = view[name];
    return value === undefined ? '' : fieldText(name, value);
  };
  return { sessionCheckMs: text('sessionCheckMs'), sessionCheckTimeoutMs: text('sessionCheckTimeoutMs'), sessionRenewalsPerMinute: text('sessionRenewalsPerMinute') };
}

/** The allowed values as a person reads them: "0 (never) or 1 to 86400 seconds". */
export function rangeText(name: SessionSetting): string {
  const { min, max } = SESSION_SETTINGS[name];
  if (name === 'sessionCheckMs') return `0 (never) or 1 to ${secondsText(max)} seconds`;
  return inSeconds(name) ? `${secondsText(min)} to ${secondsText(max)} seconds` : `${min} to ${max}`;
}

function refusal(name: SessionSetting): string {
  const what = inSeconds(name) ? 'a number of seconds' : 'a whole number';
  return `Enter ${what}: ${rangeText(name)}, or leave it empty for the default.`;
}

// Plain decimals only (no exponent, sign or hex); seconds to the ms, a count whole.
const SECONDS = /^(\d+(\.\d{0,3})?|\.\d{1,3})$/;
const WHOLE = /^\d+$/;

/** A field's value as saved (null: empty, the default), or what is wrong with it. */
function parseField(name: SessionSetting, text: string): { value: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  if (!(inSeconds(name) ? SECONDS : WHOLE).test(trimmed)) return { error: refusal(name) };
  const value = inSeconds(name) ? Math.round(Number(trimmed) * 1000) : Number(trimmed);
  return sessionSetting(name).safeParse(value).success ? { value } : { error: refusal(name) };
}

export type SessionCheck = { payload: ApiInput<'setSessionSettings'>; errors: Partial<Record<SessionSetting, string>> };

/** The payload to save (null for the default), and each field's problem: saved only without any. */
export function checkFields(fields: SessionFields): SessionCheck {
  const errors: SessionCheck['errors'] = {};
  const payload: Record<SessionSetting, number | null> = { sessionCheckMs: null, sessionCheckTimeoutMs: null, sessionRenewalsPerMinute: null };
  for (const name of SESSION_SETTING_NAMES) {
    const parsed = parseField(name, fields[name]);
    if ('error' in parsed) errors[name] = parsed.error;
    else payload[name] = parsed.value;
  }
  return { payload, errors };
}
