import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import { sensitiveFields, type PendingAsk, type SamplingPartView } from '../../../shared/api';
import { redact, redactor } from '../../../shared/redact';
import type { ForwardedSampling } from '../../bridge';
import { nestsDeeperThan } from '../../pool';
import type { UrlVerdict } from './ask-url';
import { mediaPart, MAX_SHOWN_REQUEST_IMAGE_BYTES, MAX_SHOWN_REQUEST_IMAGE_PIXELS } from './sampling-parts';

/** A server controls these: bounded before the person sees them. */
export const MAX_MESSAGE_CHARS = 4000;
export const MAX_SCHEMA_CHARS = 64 * 1024;
/** A form's schema is flat (MCP client/elicitation: primitive properties); its enums' options nest a few levels more. */
export const MAX_SCHEMA_DEPTH = 16;
export const MAX_SAMPLING_CHARS = 32 * 1024;
/** A URL request's id names it in the server's later completion notice, so a longer one is declined, never cut. */
export const MAX_ELICITATION_ID_CHARS = 256;
/** A request's `_meta` (as JSON) goes to the agent's client unread by anyone: past this, or nested past MAX_SCHEMA_DEPTH, it is left out. */
export const MAX_ELICITATION_META_CHARS = 4 * 1024;

type ViewDraft = Omit<PendingAsk, 'id' | 'requestedAt'>;
type Base = Pick<ViewDraft, 'server' | 'asker' | 'agent' | 'call' | 'callId' | 'expiresAt'>;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}[cut: ${text.length - max} more characters]`;
}

/** Whether a value nests past MAX_SCHEMA_DEPTH or weighs more than `max` characters as JSON. */
function beyond(value: unknown, max: number): boolean {
  // Depth first: it never recurses past the bound, where writing the value out would go as deep as it does.
  return nestsDeeperThan(value, MAX_SCHEMA_DEPTH) || JSON.stringify(value).length > max;
}

/**
 * The request as it may reach the person or the agent: its message cut as the person sees it, an
 * oversized `_meta` left out (it is metadata: the request still means the same), or undefined when
 * its schema passes the bounds (size, depth) or a URL request's id its length, which is declined for
 * both alike.
 */
export function boundedElicitation(params: ElicitRequestParams): ElicitRequestParams | undefined {
  if (params.mode === 'url') {
    if (params.elicitationId.length > MAX_ELICITATION_ID_CHARS) return undefined;
  } else if (beyond(params.requestedSchema, MAX_SCHEMA_CHARS)) {
    return undefined;
  }
  let bounded = params;
  if (params._meta !== undefined && beyond(params._meta, MAX_ELICITATION_META_CHARS)) {
    const { _meta: _dropped, ...rest } = params;
    bounded = rest;
  }
  return bounded.message.length <= MAX_MESSAGE_CHARS ? bounded : { ...bounded, message: cut(bounded.message, MAX_MESSAGE_CHARS) };
}

/** `url`: a URL-mode request's URL as checked (ask-url.ts); a form's request has none. */
export function elicitationView(params: ElicitRequestParams, base: Base, url: UrlVerdict): ViewDraft {
  // Values we hold only, as the agent's copy (agent-asker.ts): the server may put a vault value it was
  // given into its question, which the person is shown and the decisions log keeps (SECURITY.md). The
  // patterns would garble a plain question ("Authorization: choose a scope").
  const message = cut(redactor.removeKnown(params.message), MAX_MESSAGE_CHARS);
  if (params.mode === 'url') {
    const { origin, problem } = url;
    return { ...base, kind: 'url', message, url: params.url, ...(origin !== undefined ? { origin } : {}), ...(problem !== undefined ? { urlProblem: problem } : {}) };
  }
  // Known values only, as in the message; a field named after one is hidden too (its answer then goes under that name).
  const schema = redactor.removeKnown(params.requestedSchema) as Record<string, unknown>;
  const sensitive = sensitiveFields(schema);
  return { ...base, kind: 'form', message, requestedSchema: schema, ...(sensitive.length > 0 ? { sensitive } : {}) };
}

function contentText(content: unknown): string {
  const items = Array.isArray(content) ? content : [content];
  return items
    .map((item: { type?: unknown; text?: unknown; mimeType?: unknown }) =>
      item.type === 'text' && typeof item.text === 'string' ? item.text : `[${String(item.type)}${typeof item.mimeType === 'string' ? ` ${item.mimeType}` : ''}]`,
    )
    .join('\n');
}

/** Stop sequences and model hints, as the person is shown them (redacted), and what they weigh in the bound. */
function samplingExtras(params: ForwardedSampling): { stopSequences?: string[]; hints?: string[]; chars: number } {
  const stopSequences = params.stopSequences?.map((s) => redact(s));
  const hints = params.modelPreferences?.hints?.flatMap((h) => (h.name === undefined ? [] : [redact(h.name)]));
  // As JSON, so a list of many empty strings weighs what it costs to show.
  const chars = (stopSequences ? JSON.stringify(stopSequences).length : 0) + (hints ? JSON.stringify(hints).length : 0);
  return { ...(stopSequences ? { stopSequences } : {}), ...(hints ? { hints } : {}), chars };
}

/**
 * Why a sampling request is more than the person can be shown whole (the view cuts past its bounds):
 * the agent's model would get text the person never saw approving it, so such a request is declined.
 * It counts all that is forwarded (electron/bridge/sampling-request.ts).
 */
export function samplingBeyondView(params: ForwardedSampling): string | undefined {
  const chars = params.messages.reduce((sum, m) => sum + redact(contentText(m.content)).length, 0);
  if (chars > MAX_SAMPLING_CHARS) return `its messages hold ${chars} characters, more than the ${MAX_SAMPLING_CHARS} that can be shown to the person approving it`;
  const prompt = params.systemPrompt === undefined ? 0 : redact(params.systemPrompt).length;
  if (prompt > MAX_MESSAGE_CHARS) return `its system prompt holds ${prompt} characters, more than the ${MAX_MESSAGE_CHARS} that can be shown to the person approving it`;
  const extras = samplingExtras(params).chars;
  if (extras > MAX_MESSAGE_CHARS) return `its stop sequences and model hints hold ${extras} characters, more than the ${MAX_MESSAGE_CHARS} that can be shown to the person approving it`;
  return undefined;
}

/** What the person approves: all that would reach the agent's model (redacted, bounded), as sampling-request.ts forwards it. */
export function samplingView(params: ForwardedSampling, base: Base): ViewDraft {
  let left = MAX_SAMPLING_CHARS;
  // The parts' text is bounded as the joined text is; their images share one budget.
  let partsLeft = MAX_SAMPLING_CHARS;
  const images = { bytes: MAX_SHOWN_REQUEST_IMAGE_BYTES, pixels: MAX_SHOWN_REQUEST_IMAGE_PIXELS };
  const messages = params.messages.map((m) => {
    const text = cut(redact(contentText(m.content)), Math.max(0, left));
    left -= text.length;
    const parts = (Array.isArray(m.content) ? m.content : [m.content]).map((block): SamplingPartView => {
      if (block.type !== 'text') return mediaPart(block, images);
      const shown = cut(redact(block.text), Math.max(0, partsLeft));
      partsLeft -= shown.length;
      return { type: 'text', text: shown };
    });
    return { role: m.role, text, parts };
  });
  const { stopSequences, hints } = samplingExtras(params);
  const preferences = params.modelPreferences;
  const { costPriority, speedPriority, intelligencePriority } = preferences ?? {};
  return {
    ...base,
    kind: 'sampling',
    message: `"${base.server}" asks ${base.asker ?? 'the agent'}'s model for a completion`,
    messages,
    ...(params.systemPrompt !== undefined ? { systemPrompt: cut(redact(params.systemPrompt), MAX_MESSAGE_CHARS) } : {}),
    maxTokens: params.maxTokens,
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(stopSequences !== undefined ? { stopSequences } : {}),
    ...(preferences !== undefined
      ? {
          modelPreferences: {
            ...(hints !== undefined ? { hints } : {}),
            ...(costPriority !== undefined ? { costPriority } : {}),
            ...(speedPriority !== undefined ? { speedPriority } : {}),
            ...(intelligencePriority !== undefined ? { intelligencePriority } : {}),
          },
        }
      : {}),
  };
}
