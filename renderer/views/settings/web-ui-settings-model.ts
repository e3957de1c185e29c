import type { ApiInput, WebUiSettingsView } from '../../../shared/api';
import { UI_SESSION_IDLE, UiSessionIdleSchema } from '../../../shared/config';

/** The idle limit as the Settings screen shows it: minutes, empty for the default. */
export type WebUiFields = { uiSessionIdleMs: string };

const MINUTE = 60_000;
export const IDLE_MINUTES = { min: UI_SESSION_IDLE.min / MINUTE, max: UI_SESSION_IDLE.max / MINUTE, default: UI_SESSION_IDLE.default / MINUTE } as const;

export function webUiFieldsOf(view: WebUiSettingsView): WebUiFields {
  const idle = view.uiSessionIdleMs;
  // A limit set by hand in mcp.json may not be whole minutes: shown to the second's fraction, not rounded away.
  return { uiSessionIdleMs: idle === undefined ? '' : String(Math.round((idle / MINUTE) * 1000) / 1000) };
}

export type WebUiCheck = { payload: ApiInput<'setWebUiSettings'>; errors: Partial<Record<keyof WebUiFields, string>> };

/** The payload to save (null for the default), or the field's problem: saved only without one. */
export function checkWebUiFields(fields: WebUiFields): WebUiCheck {
  const text = fields.uiSessionIdleMs.trim();
  if (text === '') return { payload: { uiSessionIdleMs: null }, errors: {} };
  // Plain decimals only (no exponent, sign or hex), as a value set by hand in mcp.json is shown.
  const value = /^(\d+(\.\d{0,3})?|\.\d{1,3})$/.test(text) ? Math.round(Number(text) * MINUTE) : NaN;
  if (!UiSessionIdleSchema.safeParse(value).success) {
    return { payload: { uiSessionIdleMs: null }, errors: { uiSessionIdleMs: `Enter a number of minutes: ${IDLE_MINUTES.min} to ${IDLE_MINUTES.max} (a day), or leave it empty for the default.` } };
  }
  return { payload: { uiSessionIdleMs: value }, errors: {} };
}
