import { CodedError, errorMessage } from '../../shared/errors';
import { deadline, failureWords, readBoundedBody, type FetchLike } from '../net';
import { registryFix } from './registry-fix';
import { MAX_PAGE_SERVERS, ServerListSchema } from './server-json';

/** One page is at most this many bytes (100 entries of a few KiB each fit many times over). */
export const MAX_PAGE_BYTES = 8 * 1024 * 1024;
export const PAGE_TIMEOUT_MS = 30_000;
/** Entries asked for per page; the official registry answers up to 100. */
export const PAGE_LIMIT = 100;

export interface PageQuery {
  cursor?: string;
  /** RFC 3339; the registry then includes deleted entries (its API changelog, `include_deleted`). */
  updatedSince?: string;
}

export interface Page {
  items: unknown[];
  nextCursor?: string;
}

/** The body, read up to `max` bytes; past it the request is cancelled and refused. */
export async function boundedText(response: Response, max: number, where: string, signal?: AbortSignal): Promise<string> {
  const body = await readBoundedBody(response, max, signal);
  if (body.over) throw new CodedError('server_unavailable', `The registry at ${where} sent a page over ${max} bytes; it was refused.`);
  return body.bytes.toString('utf8');
}

/** `GET {base}/v0.1/servers` (openapi.yaml, "List MCP servers"): one page, its envelope checked. */
export async function fetchPage(fetch: FetchLike, base: string, query: PageQuery, signal?: AbortSignal, timeoutMs = PAGE_TIMEOUT_MS): Promise<Page> {
  const url = new URL(`${base}/v0.1/servers`);
  url.searchParams.set('limit', String(PAGE_LIMIT));
  if (query.cursor !== undefined) url.searchParams.set('cursor', query.cursor);
  if (query.updatedSince !== undefined) url.searchParams.set('updated_since', query.updatedSince);
  // Held here and cleared below (see deadline): the limit covers the page's body too.
  const limit = deadline(timeoutMs, [signal], () => new CodedError('timeout', `The registry at ${base} sent no complete page within ${timeoutMs / 1000} s.`));
  try {
    return await pageAt(fetch, url, base, limit.signal);
  } finally {
    limit.clear();
  }
}

async function pageAt(fetch: FetchLike, url: URL, base: string, signal: AbortSignal): Promise<Page> {
  const init: RequestInit = { headers: { accept: 'application/json' }, redirect: 'manual', signal };
  let response: Response;
  try {
    // Once more on a network failure: a kept-alive connection the registry closed as we reused it fails at once.
    response = await fetch(url, init).catch((error: unknown) => {
      if (init.signal?.aborted) throw error;
      return fetch(url, init);
    });
  } catch (error) {
    const why = failureWords(error);
    throw new CodedError('server_unavailable', `Could not reach the registry at ${base}${why.tail}.`, {
      hint: `${registryFix(why) ?? 'Check the network'}; the catalog keeps what it had.`,
    });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    // Not followed: the registry read is the one settings.registries names, and a redirect could lead anywhere.
    if (response.status >= 300 && response.status < 400) {
      throw new CodedError('server_unavailable', `The registry at ${base} answered HTTP ${response.status}, a redirect${location !== null ? ` to ${JSON.stringify(location.slice(0, 300))}` : ''}, which is not followed.`, {
        hint: 'If the registry has moved, put its new address in settings.registries in mcp.json.',
      });
    }
    throw new CodedError('server_unavailable', `The registry at ${base} answered HTTP ${response.status}.`, { hint: 'Try again later; the catalog keeps what it had.' });
  }
  let text: string;
  try {
    text = await boundedText(response, MAX_PAGE_BYTES, base, signal);
  } catch (error) {
    if (error instanceof CodedError || signal.aborted) throw error;
    throw new CodedError('server_unavailable', `The registry at ${base} sent a page that was cut off before its end (${errorMessage(error)}).`, { hint: 'Try again later; the catalog keeps what it had.' });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CodedError('server_unavailable', `The registry at ${base} sent a page that is not JSON.`);
  }
  const page = ServerListSchema.safeParse(json);
  const servers: unknown = json !== null && typeof json === 'object' ? (json as { servers?: unknown }).servers : undefined;
  if (Array.isArray(servers) && servers.length > MAX_PAGE_SERVERS) {
    throw new CodedError('server_unavailable', `The registry at ${base} sent a page of ${servers.length} servers, more than the ${MAX_PAGE_SERVERS} one page may hold; it was refused.`);
  }
  if (!page.success) throw new CodedError('server_unavailable', `The registry at ${base} sent a page that is not a server list.`);
  const next = page.data.metadata?.nextCursor;
  return { items: page.data.servers, ...(next ? { nextCursor: next } : {}) };
}
