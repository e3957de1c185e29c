import { z } from 'zod';
import { lazySchema } from '../../shared/api';

/** The MCP Apps extension (SEP-1865): its key in `capabilities.extensions` and its resources' MIME type. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The extension's first form of a tool's app address, which hosts must still read (SEP-1865 §tool metadata). */
const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';
const MAX_URI = 2048;

export type AppVisibility = 'model' | 'app';

/** What a tool's `_meta` says about its app: which resource shows it, and who may call the tool. */
export interface ToolApp {
  /** Absent for a tool without an interface that is still visible to apps (an app's helper). */
  resourceUri?: string;
  /** Default `["model", "app"]`: the agent's model and the server's own apps. */
  visibility: readonly AppVisibility[];
}

const toolUiSchema = z.object({
  resourceUri: z.string().max(MAX_URI).startsWith('ui://').optional(),
  visibility: z.array(z.enum(['model', 'app'])).min(1).max(2).optional(),
});

const DEFAULT_VISIBILITY: readonly AppVisibility[] = ['model', 'app'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A tool's app, read from its `_meta`; undefined when it has none. Malformed metadata counts as none. */
export function toolApp(meta: unknown): ToolApp | undefined {
  if (!isRecord(meta)) return undefined;
  const ui = toolUiSchema.safeParse(meta.ui);
  const legacy = meta[LEGACY_RESOURCE_URI_KEY];
  const legacyUri = typeof legacy === 'string' && legacy.startsWith('ui://') && legacy.length <= MAX_URI ? legacy : undefined;
  if (!ui.success && legacyUri === undefined) return undefined;
  const resourceUri = (ui.success ? ui.data.resourceUri : undefined) ?? legacyUri;
  const visibility = (ui.success ? ui.data.visibility : undefined) ?? DEFAULT_VISIBILITY;
  if (resourceUri === undefined && visibility === DEFAULT_VISIBILITY) return undefined;
  return { ...(resourceUri !== undefined ? { resourceUri } : {}), visibility };
}

/** A tool only an app may call: left out of what a model is offered (SEP-1865 §visibility). */
export function isAppOnly(meta: unknown): boolean {
  const app = toolApp(meta);
  return app !== undefined && !app.visibility.includes('model');
}

/** A tool an app may call: visible to apps, which is the default. */
export function isVisibleToApps(meta: unknown): boolean {
  return toolApp(meta)?.visibility.includes('app') ?? true;
}

// Built at the first app resource read, not at `serve`'s start.
const resourceUiSchema = lazySchema(() => {
  const domains = z.array(z.string().max(256)).max(32).optional();
  return z.object({
    csp: z
      .object({ connectDomains: domains, resourceDomains: domains, frameDomains: domains, baseUriDomains: domains })
      .optional(),
    permissions: z
      .object({
        camera: z.object({}).optional(),
        microphone: z.object({}).optional(),
        geolocation: z.object({}).optional(),
        clipboardWrite: z.object({}).optional(),
      })
      .optional(),
    prefersBorder: z.boolean().optional(),
  });
});

export type ResourceApp = z.infer<typeof resourceUiSchema>;
export type AppCspDomains = NonNullable<ResourceApp['csp']>;
export type AppPermission = keyof NonNullable<ResourceApp['permissions']>;

/** An app resource's `_meta.ui` (csp, permissions). Malformed metadata means the strictest: nothing declared. */
export function resourceApp(meta: unknown): ResourceApp {
  if (!isRecord(meta)) return {};
  const parsed = resourceUiSchema.safeParse(meta.ui);
  return parsed.success ? parsed.data : {};
}
