import type { CatalogEntry } from './catalog-schema';
import { REFERENCE_SERVERS } from './reference-servers';
import { REMOTE_SERVICES } from './remote-services';
import { CREDENTIAL_SERVERS } from './credential-servers';

export {
  ABSOLUTE_PATH,
  CATALOG_AUTH,
  CatalogAuthSchema,
  CatalogInputSchema,
  CatalogApiKeySchema,
  CatalogEntrySchema,
  HttpCatalogEntrySchema,
  StdioCatalogEntrySchema,
} from './catalog-schema';
export type { CatalogAuth, CatalogInput, CatalogEntry, HttpCatalogEntry, StdioCatalogEntry } from './catalog-schema';
export { planCatalogServer, secretReference, secretFileReference, API_KEY_SECRET } from './plan-server';
export type { CatalogChoice, PlannedSecret, ServerPlan } from './plan-server';
export { catalogEntryFor } from './match-entry';
export { REFERENCE_SERVERS } from './reference-servers';
export { REMOTE_SERVICES } from './remote-services';
export { CREDENTIAL_SERVERS } from './credential-servers';

/** The built-in catalog: local reference servers first, then hosted services, then local programs that need credentials. */
export const CATALOG: readonly CatalogEntry[] = [...REFERENCE_SERVERS, ...REMOTE_SERVICES, ...CREDENTIAL_SERVERS];
export { indexRegistryRows, searchRegistry } from './registry-search';
export type { RegistryIndex, RegistryMatches } from './registry-search';
export { latestMarkedCount, registryLabels } from './registry-labels';
