import { SettingsSchema, fieldPath, storePasswordIssues, storePasswordVariables } from '../../shared/config';
import type { ImportPlan } from './import-plan';

/** The variables the KeePassXC stores in mcp.json's settings read their passwords from (passwordEnv). */
export function keptVariablesOf(raw: Readonly<Record<string, unknown>>): string[] {
  const settings = SettingsSchema.safeParse(raw['settings']);
  return settings.success ? storePasswordVariables(settings.data) : [];
}

/**
 * Leaves out each entry whose `${env:…}` names a store's password variable, saying why and what to do:
 * written, it would make mcp.json refuse the whole import (the entry is never valid there).
 */
export function skipKeptVariables(plan: ImportPlan, kept: readonly string[]): void {
  if (kept.length === 0) return;
  plan.candidates = plan.candidates.filter((candidate) => {
    const [first] = storePasswordIssues(candidate.config, kept);
    if (first === undefined) return true;
    plan.skipped.push({
      name: candidate.originalName,
      from: candidate.from,
      reason: `${fieldPath(first.path)}: ${first.message} Then add it with \`connected-services servers add\`, or change it in that file and import again`,
    });
    return false;
  });
}
