import { z } from 'zod';
import { inputRoundMs, sessionSetting, UiSessionIdleSchema, type SessionSetting } from '../config';
import { lazySchema } from './lazy-schema';

/** The round settings as mcp.json has them: a setting left out is its default (INPUT_ROUND_SETTINGS). */
export const InputRoundSettingsSchema = lazySchema(() =>
  z.object({
    inputRoundWindowMs: z.number().int().optional(),
    inputRoundQuietMs: z.number().int().optional(),
    inputRoundGatherMaxMs: z.number().int().optional(),
  }),
);
export type InputRoundSettingsView = z.infer<typeof InputRoundSettingsSchema>;

/** A new value within the settings file's bounds; `null` removes it (its default again); left out: unchanged. */
const change = (name: Parameters<typeof inputRoundMs>[0]) => inputRoundMs(name).nullable().optional();

export const SetInputRoundSettingsSchema = lazySchema(() =>
  z
    .strictObject({
      inputRoundWindowMs: change('inputRoundWindowMs'),
      inputRoundQuietMs: change('inputRoundQuietMs'),
      inputRoundGatherMaxMs: change('inputRoundGatherMaxMs'),
    })
    .superRefine(({ inputRoundQuietMs: quiet, inputRoundGatherMaxMs: bound }, ctx) => {
      // As SettingsSchema's own check: the file's other values are checked again when it is written.
      if (typeof quiet === 'number' && typeof bound === 'number' && bound < quiet) {
        ctx.addIssue({ code: 'custom', path: ['inputRoundGatherMaxMs'], message: `must be at least inputRoundQuietMs (${quiet}): a round gathers at least one quiet` });
      }
    }),
);

/** The session settings as mcp.json has them: a setting left out is its default (SESSION_SETTINGS). */
export const SessionSettingsSchema = lazySchema(() =>
  z.object({
    sessionCheckMs: z.number().int().optional(),
    sessionCheckTimeoutMs: z.number().int().optional(),
    sessionRenewalsPerMinute: z.number().int().optional(),
  }),
);
export type SessionSettingsView = z.infer<typeof SessionSettingsSchema>;

/** As `change`, within the session settings' bounds. */
const sessionChange = (name: SessionSetting) => sessionSetting(name).nullable().optional();

export const SetSessionSettingsSchema = lazySchema(() =>
  z.strictObject({
    sessionCheckMs: sessionChange('sessionCheckMs'),
    sessionCheckTimeoutMs: sessionChange('sessionCheckTimeoutMs'),
    sessionRenewalsPerMinute: sessionChange('sessionRenewalsPerMinute'),
  }),
);

/** The web UI's settings as mcp.json has them: left out, the default (UI_SESSION_IDLE). */
export const WebUiSettingsSchema = lazySchema(() => z.object({ uiSessionIdleMs: z.number().int().optional() }));
export type WebUiSettingsView = z.infer<typeof WebUiSettingsSchema>;

/** A new idle limit within the settings file's bounds; `null` removes it (the default again). */
export const SetWebUiSettingsSchema = lazySchema(() => z.strictObject({ uiSessionIdleMs: UiSessionIdleSchema.nullable() }));

/**
 * The settings of the rounds the bridge holds a 2026-07-28 agent's call for (docs/asks.md, "How
 * long a round gathers"), of a 2025-11-25 HTTP session kept alive (docs/configuration.md, "An
 * HTTP session that expires"), and how long a web UI tab stays signed in unused.
 */
export const SETTINGS_METHODS = {
  /** `settings.inputRoundWindowMs`, `inputRoundQuietMs` and `inputRoundGatherMaxMs` as mcp.json has them. */
  inputRoundSettings: () => ({ input: z.strictObject({}), output: InputRoundSettingsSchema }),
  /** Writes them into mcp.json (read at each round: no restart); answers them as now in force. */
  setInputRoundSettings: () => ({ input: SetInputRoundSettingsSchema, output: InputRoundSettingsSchema }),
  /** `settings.sessionCheckMs`, `sessionCheckTimeoutMs` and `sessionRenewalsPerMinute` as mcp.json has them. */
  sessionSettings: () => ({ input: z.strictObject({}), output: SessionSettingsSchema }),
  /** Writes them into mcp.json (the pool takes them at once: no restart); answers them as now in force. */
  setSessionSettings: () => ({ input: SetSessionSettingsSchema, output: SessionSettingsSchema }),
  /** `settings.uiSessionIdleMs` as mcp.json has it. */
  webUiSettings: () => ({ input: z.strictObject({}), output: WebUiSettingsSchema }),
  /** Writes it into mcp.json (read at each idle check: open tabs too, no restart); answers it as now in force. */
  setWebUiSettings: () => ({ input: SetWebUiSettingsSchema, output: WebUiSettingsSchema }),
};
