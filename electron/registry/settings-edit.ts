import { isRecord } from '../../shared/config';
import type { SettingsChanges } from './types';

/** Writes `changes` into the raw file's `settings` (null removes a key); other keys stay as they are. */
export function applySettingsChanges(raw: Record<string, unknown>, changes: SettingsChanges): void {
  const had = isRecord(raw['settings']);
  const settings = isRecord(raw['settings']) ? raw['settings'] : {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete settings[key];
    else if (value !== undefined) settings[key] = value;
  }
  // No block is added only to stay empty: a file without settings stays as it was.
  if (had || Object.keys(settings).length > 0) raw['settings'] = settings;
}
