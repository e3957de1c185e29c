import type { ApiInput, AppApi, PromptResult, ResourceContents, ResourceRead } from '../../../shared/api';
import { redactor } from '../../../shared/redact';
import type { Pool } from '../../pool';
import type { Registry } from '../../registry';
import type { ServerLogs } from './server-logs';

/** Resource contents larger than this (text characters, or bytes of a blob) are not passed on: they say their size. */
export const MAX_RESOURCE_BYTES = 4 * 1024 * 1024;

export interface InspectApiOptions {
  pool: Pool;
  registry: Registry;
  logs: ServerLogs;
  /** Resolves when the pool has applied every config change seen so far. */
  settled: () => Promise<void>;
  maxResourceBytes?: number;
}

type InspectMethods = Pick<AppApi, 'readLogs' | 'readResource' | 'getPrompt'>;

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** One item of `resources/read`, its text or blob left out when past the limit. */
function shownContents(item: Record<string, unknown>, limit: number): ResourceContents {
  const uri = str(item['uri']) ?? '';
  const mimeType = str(item['mimeType']);
  const text = str(item['text']);
  const blob = str(item['blob']);
  const base: Record<string, unknown> = { ...item, uri, ...(mimeType !== undefined ? { mimeType } : {}) };
  const bytes = text !== undefined ? Buffer.byteLength(text, 'utf8') : blob !== undefined ? Math.floor((blob.length * 3) / 4) : 0;
  if (bytes <= limit) return redactor.redactValue(base) as ResourceContents;
  delete base['text'];
  delete base['blob'];
  return { ...(redactor.redactValue(base) as ResourceContents), omitted: { bytes, limit } };
}

/** The person's own reads of a server (Logs tab, resources and prompts that open; CLI `logs`, `read`, `prompt`). */
export function createInspectApi(options: InspectApiOptions): InspectMethods {
  const { pool, registry, logs } = options;
  const limit = options.maxResourceBytes ?? MAX_RESOURCE_BYTES;
  return {
    readLogs: async ({ server, after, limit: lines }: ApiInput<'readLogs'>) => {
      await options.settled();
      registry.require(server);
      return logs.read(server, { ...(after !== undefined ? { after } : {}), ...(lines !== undefined ? { limit: lines } : {}) });
    },
    readResource: async ({ server, uri }: ApiInput<'readResource'>): Promise<ResourceRead> => {
      await options.settled();
      const { contents } = await pool.readResource(server, uri);
      return { contents: contents.map((item) => shownContents(item, limit)) };
    },
    getPrompt: async ({ server, name, arguments: args }: ApiInput<'getPrompt'>): Promise<PromptResult> => {
      await options.settled();
      const result = await pool.getPrompt(server, name, args ?? {});
      // What a server sends is shown to people: secrets it echoes are removed like anywhere else.
      return redactor.redactValue(result) as PromptResult;
    },
  };
}
