import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import { agentSafe } from '../../shared/text';
import { withoutSecrets } from './agent-result';

/** A field's words in a form's requested schema, where a client shows them. */
const SHOWN = ['title', 'description'] as const;

/**
 * A server's question as an agent's client gets it: no vault value, and its words (the message, each
 * field's title and description) with terminal controls and bidirectional marks as escapes, as
 * listings and log messages are: a client may print it in a terminal (MCP 2025-11-25 client/elicitation).
 */
export function agentElicitation(asked: ElicitRequestParams): ElicitRequestParams {
  const params = withoutSecrets(asked);
  const message = agentSafe(params.message);
  if (params.mode === 'url') return { ...params, message };
  const properties = Object.fromEntries(
    Object.entries(params.requestedSchema.properties).map(([key, field]) => {
      const shown: Record<string, unknown> = { ...field };
      for (const word of SHOWN) if (typeof shown[word] === 'string') shown[word] = agentSafe(shown[word]);
      return [key, shown];
    }),
  );
  return { ...params, message, requestedSchema: { ...params.requestedSchema, properties } } as ElicitRequestParams;
}
