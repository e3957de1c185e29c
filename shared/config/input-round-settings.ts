import { z } from 'zod';

/**
 * The three settings of a held call's rounds (docs/asks.md, "How long a round gathers"): their
 * bounds and defaults, in ms, and their names as a person reads them, one place for the settings file's schema, the App API and the
 * Settings screen. The bridge's own defaults (electron/bridge/round-gathering.ts) are checked
 * against these by a test.
 */
export const INPUT_ROUND_SETTINGS = {
  /** How long a 2026-07-28 agent has to retry a call the bridge holds for its answer. */
  inputRoundWindowMs: { min: 1_000, max: 3_600_000, default: 300_000, label: 'Time an agent has to answer' },
  /** How long a round waits, after a 2025-era server's latest request, for another sent with it. */
  inputRoundQuietMs: { min: 0, max: 5_000, default: 250, label: 'Wait for more questions' },
  /** The longest one round gathers a server's requests, from the first. */
  inputRoundGatherMaxMs: { min: 0, max: 60_000, default: 2_000, label: 'Longest time to gather questions' },
} as const;

export type InputRoundSetting = keyof typeof INPUT_ROUND_SETTINGS;
export const INPUT_ROUND_SETTING_NAMES = Object.keys(INPUT_ROUND_SETTINGS) as InputRoundSetting[];

/** `1000` → "1 s", `300000` → "300 s": the bounds as a person reads them. */
function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

/** One setting's schema: whole ms within its bounds, refused with a message naming the range (in ms and in s). */
export function inputRoundMs(name: InputRoundSetting) {
  const { min, max } = INPUT_ROUND_SETTINGS[name];
  const range = `must be a whole number of ms from ${min} to ${max} (${seconds(min)} to ${seconds(max)})`;
  return z.number({ error: range }).int({ error: range }).min(min, { error: range }).max(max, { error: range });
}

/**
 * The gathering's bound below its quiet, each as set or else by default (`null`/absent: the
 * default): the times in force then, else undefined. The bridge would clamp the bound up to the
 * quiet (round-gathering.ts), so a setting that does so would be saved and do nothing.
 */
export function gatherBelowQuiet(quiet: number | null | undefined, bound: number | null | undefined): { quiet: number; bound: number } | undefined {
  const q = quiet ?? INPUT_ROUND_SETTINGS.inputRoundQuietMs.default;
  const b = bound ?? INPUT_ROUND_SETTINGS.inputRoundGatherMaxMs.default;
  return b < q ? { quiet: q, bound: b } : undefined;
}
