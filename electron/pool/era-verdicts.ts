import { createHash } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DiscoverResult, PriorDiscovery } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { HttpServerConfig } from '../../shared/config';
import { MAX_STATE_FILE_BYTES, readTextFile, writeFileAtomic } from '../fs-safe';

/** How long a verdict is used before the server is asked again (a legacy one would otherwise hold forever). */
export const DEFAULT_ERA_RECHECK_MS = 24 * 60 * 60 * 1000;

/**
 * The era a server spoke when last asked (MCP 2026-07-28 `server/discover`, else 2025-era
 * `initialize`), as the SDK takes it back (`connect({ prior })`), with when it was learned.
 */
const VerdictFileSchema = z.strictObject({
  server: z.string(),
  /** Whose verdict: the URL and the kind of credential it was asked with (see verdictKey). */
  key: z.string(),
  era: z.enum(['modern', 'legacy']),
  /** The server's own advertisement (modern only), kept as it answered; the SDK checks it again when it is used. */
  discover: z.looseObject({ supportedVersions: z.array(z.string()).max(64) }).optional(),
  learnedAt: z.number().int().nonnegative(),
});
type VerdictFile = z.infer<typeof VerdictFileSchema>;

export interface EraVerdict {
  prior: PriorDiscovery;
  learnedAt: number;
}

/**
 * The authorization context a verdict belongs to (the SDK's gateway guide: never reuse one across
 * principals): the URL and which headers and sign-in it carries, never their values, so a refreshed
 * token keeps its verdict.
 */
export function verdictKey(config: HttpServerConfig): string {
  const auth: Record<string, unknown> = config.auth ?? {};
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const parts = [config.url, Object.keys(config.headers ?? {}).sort().join(','), text(auth['type']), text(auth['clientId'])];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Verdicts per server in `<cache>/eras/<server>.json`; a missing, stale or invalid one is no verdict. */
export class EraVerdicts {
  readonly #dir: string;
  readonly #recheckMs: number;
  readonly #now: () => number;

  constructor(cacheDir: string, options: { recheckMs?: number | undefined; now?: (() => number) | undefined } = {}) {
    this.#dir = join(cacheDir, 'eras');
    this.#recheckMs = options.recheckMs ?? DEFAULT_ERA_RECHECK_MS;
    this.#now = options.now ?? Date.now;
  }

  #file(server: string): string {
    return join(this.#dir, `${server}.json`);
  }

  /** The verdict to connect with, or undefined when there is none for this key or it is older than the recheck age. */
  async get(server: string, key: string): Promise<EraVerdict | undefined> {
    let parsed: VerdictFile;
    try {
      const result = VerdictFileSchema.safeParse(JSON.parse(await readTextFile(this.#file(server), MAX_STATE_FILE_BYTES)));
      if (!result.success) return undefined;
      parsed = result.data;
    } catch {
      return undefined;
    }
    if (parsed.server !== server || parsed.key !== key) return undefined;
    if (this.#now() - parsed.learnedAt >= this.#recheckMs || parsed.learnedAt > this.#now()) return undefined;
    if (parsed.era === 'legacy') return { prior: { kind: 'legacy' }, learnedAt: parsed.learnedAt };
    if (!parsed.discover) return undefined;
    return { prior: { kind: 'modern', discover: parsed.discover as DiscoverResult }, learnedAt: parsed.learnedAt };
  }

  async set(server: string, key: string, discover: DiscoverResult | undefined): Promise<void> {
    const file: VerdictFile = { server, key, era: discover ? 'modern' : 'legacy', learnedAt: this.#now() };
    if (discover) file.discover = discover;
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.#file(server), `${JSON.stringify(file, null, 2)}\n`);
  }

  /** After a failure with a verdict: the next start asks the server again. */
  async forget(server: string): Promise<void> {
    await rm(this.#file(server), { force: true });
  }
}
