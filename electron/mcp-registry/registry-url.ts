import { checkRegistryUrl, formatIssue, OFFICIAL_REGISTRY, type ConfigIssue, type Settings } from '../../shared/config';
import { CodedError } from '../../shared/errors';

/** A registry's base URL checked before anything is fetched (shared/config/registry-url.ts). */
export function registryBaseUrl(raw: string): string {
  const checked = checkRegistryUrl(raw);
  if ('base' in checked) return checked.base;
  throw new CodedError('invalid_config', `The registry address ${JSON.stringify(raw.slice(0, 200))} ${checked.problem}.`, {
    hint: 'Fix settings.registries in mcp.json.',
  });
}

/**
 * The registries the catalog reads: `settings.registries`, else the official one; repeats dropped.
 * While mcp.json does not load (`issues` of the whole file), the settings in force are not the ones
 * written, so no registry is read rather than the official one in place of the person's.
 */
export function configuredRegistries(settings: Settings | undefined, issues: readonly ConfigIssue[] = []): string[] {
  const fileIssues = issues.filter((issue) => issue.server === undefined);
  if (fileIssues.length > 0) {
    const issue = fileIssues.find((i) => i.field?.startsWith('settings.registries') === true) ?? fileIssues[0];
    const registries = issue?.field?.startsWith('settings.registries') === true;
    throw new CodedError('invalid_config', `No registry is read until mcp.json loads: ${issue ? formatIssue(issue) : 'it has a problem'}.`, {
      hint: registries ? 'Fix settings.registries in mcp.json.' : 'Fix mcp.json.',
    });
  }
  const raw = settings?.registries ?? [OFFICIAL_REGISTRY];
  return [...new Set(raw.map(registryBaseUrl))];
}
