import type { RequestOptions } from '@modelcontextprotocol/client';
import type { ClientSdk } from './client-sdk';
import type { RelistTools } from './header-mismatch';
import type { ListedTool, ListedTools } from './output-validators';

/** How a call recovers from a server's header mismatch: its name (for the error), and our own bounded re-list. */
export interface MismatchRecovery {
  server: string;
  relist: RelistTools;
}

const schemaOf = (listed: ListedTool | undefined): string => JSON.stringify(listed?.inputSchema ?? null);

/**
 * After a header mismatch (-32020), waits until the pool holds a definition of `tool` fresher than
 * the one the call `sent`, listing the tools again only if it must: mismatching calls share one
 * listing (one under way is joined; one that ended since the call was sent is used as it is). A
 * listing joined may have begun before the server changed, so if it brought nothing new, one more
 * is taken. Ends with the call: its cancellation, or its timeout counted from now (the re-list is a
 * leg of the call), stops waiting, and a listing nobody else waits for (inventory-refresh.ts).
 */
export async function awaitFreshDefinition(
  recovery: MismatchRecovery,
  tools: ListedTools,
  tool: string,
  sent: ListedTool | undefined,
  options: RequestOptions,
  sdk: Pick<ClientSdk, 'SdkError' | 'SdkErrorCode'>,
): Promise<void> {
  const before = schemaOf(sent);
  if (schemaOf(tools(tool)) !== before) return;
  const giveUp = new AbortController();
  const stop = (): void => giveUp.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) stop();
  const timer =
    options.timeout === undefined
      ? undefined
      : setTimeout(() => giveUp.abort(new sdk.SdkError(sdk.SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: options.timeout })), options.timeout);
  timer?.unref?.();
  try {
    const joined = await recovery.relist({ signal: giveUp.signal, join: true });
    if (joined && schemaOf(tools(tool)) === before) await recovery.relist({ signal: giveUp.signal });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}
