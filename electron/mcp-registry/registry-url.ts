import { checkRegistryUrl, OFFICIAL_REGISTRY, type Settings } from '../../shared/config';
import { CodedError } from '../../shared/errors';

/** A registry's base URL checked before anything is fetched (shared/config/registry-url.ts). */
export function registryBaseUrl(raw: string): string {
  const checked = checkRegistryUrl(raw);
  if ('base' in checked) return checked.base;
  throw new CodedError('invalid_config', `The registry address ${JSON.stringify(raw.slice(0, 200))} ${checked.problem}.`, {
    hint: 'Fix settings.registries in mcp.json.',
  });
}

/** The registries the catalog reads: `settings.registries`, else the official one; repeats dropped. */
export function configuredRegistries(settings: Settings | undefined): string[] {
  const raw = settings?.registries ?? [OFFICIAL_REGISTRY];
  return [...new Set(raw.map(registryBaseUrl))];
}
