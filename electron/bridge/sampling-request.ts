import type { AudioContent, CreateMessageRequestParams, ImageContent, ModelPreferences, SamplingMessage, TextContent } from '@modelcontextprotocol/client';

type Block = TextContent | ImageContent | AudioContent;

export interface ForwardedMessage {
  role: SamplingMessage['role'];
  content: Block | Block[];
}

/**
 * What of a server's sampling request reaches the agent's model (MCP 2025-11-25 client/sampling), each
 * field one the person is shown approving it (electron/app/asks/ask-view.ts). Left out: `includeContext`
 * (to the agent's client the bridge is one server, so "thisServer" or "allServers" would ask for the
 * context of every service behind it, and the pool declares no `sampling.context` upstream); `metadata`
 * and every `_meta` and `annotations`, which the person is not shown; `task`, which the pool does not declare.
 */
export interface ForwardedSampling {
  messages: ForwardedMessage[];
  maxTokens: number;
  // `| undefined` as the SDK's params type has them; an undefined field is not forwarded.
  systemPrompt?: string | undefined;
  temperature?: number | undefined;
  stopSequences?: string[] | undefined;
  modelPreferences?: ModelPreferences | undefined;
}

/** The request to put to the agent, or why it is refused before anyone sees it. */
export type SamplingForAgent = { forward: ForwardedSampling } | { refused: string };

/** Declared by the pool's clients neither in 2025-11-25 nor 2026-07-28 (electron/pool/ask-handlers.ts). */
const NO_TOOLS = 'which needs sampling.tools, a capability this client does not declare';

function copyBlock(block: Block): Block {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'image') return { type: 'image', data: block.data, mimeType: block.mimeType };
  return { type: 'audio', data: block.data, mimeType: block.mimeType };
}

function copyPreferences(preferences: ModelPreferences): ModelPreferences {
  const { hints, costPriority, speedPriority, intelligencePriority } = preferences;
  // A hint without a name says nothing the person could be shown.
  const named = (hints ?? []).flatMap((hint) => (hint.name === undefined ? [] : [{ name: hint.name }]));
  return {
    ...(named.length > 0 ? { hints: named } : {}),
    ...(costPriority !== undefined ? { costPriority } : {}),
    ...(speedPriority !== undefined ? { speedPriority } : {}),
    ...(intelligencePriority !== undefined ? { intelligencePriority } : {}),
  };
}

/**
 * The allowlist itself: a new object holding only the fields of ForwardedSampling, whatever else
 * `params` carries (an agent's asker applies it again to what it is given: electron/bridge/agent-asker.ts).
 */
export function forwardedSampling(params: ForwardedSampling): ForwardedSampling {
  const { messages, maxTokens, systemPrompt, temperature, stopSequences, modelPreferences } = params;
  return {
    messages: messages.map((m) => ({ role: m.role, content: Array.isArray(m.content) ? m.content.map(copyBlock) : copyBlock(m.content) })),
    maxTokens,
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(temperature !== undefined ? { temperature } : {}),
    ...(stopSequences !== undefined ? { stopSequences: [...stopSequences] } : {}),
    ...(modelPreferences !== undefined ? { modelPreferences: copyPreferences(modelPreferences) } : {}),
  };
}

function isPlain(message: SamplingMessage): message is ForwardedMessage {
  const blocks = Array.isArray(message.content) ? message.content : [message.content];
  return blocks.every((block) => block.type === 'text' || block.type === 'image' || block.type === 'audio');
}

/**
 * A server's request as the agent's model may get it. Tools (`tools`, `toolChoice`, and messages
 * holding tool use or results) are refused: the client MUST return an error for them when it did not
 * declare `sampling.tools` (MCP 2025-11-25 schema, CreateMessageRequestParams.tools), and a tool's
 * description is text the model reads. `includeContext` the client MAY ignore (same schema): it is.
 */
export function samplingForAgent(params: CreateMessageRequestParams): SamplingForAgent {
  if (params.tools !== undefined || params.toolChoice !== undefined) return { refused: `it offers the model tools (tools, toolChoice), ${NO_TOOLS}` };
  const messages: ForwardedMessage[] = [];
  for (const message of params.messages) {
    if (!isPlain(message)) return { refused: `its messages hold tool use or tool results, ${NO_TOOLS}` };
    messages.push(message);
  }
  return { forward: forwardedSampling({ ...params, messages }) };
}
