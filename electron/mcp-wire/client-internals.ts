/** A tool's output-schema check as the SDK's Client compiles it (1.x client/index.js). */
export type OutputValidator = (value: unknown) => { valid: boolean; errorMessage?: string | undefined };

/** The SDK Client's private members a direct tools/call needs (1.32 shared/protocol.js, client/index.js), checked at run time. */
export interface ClientParts {
  /** The next JSON-RPC id, taken so the SDK never hands it out again. */
  takeRequestId(): number;
  outputValidator(tool: string): OutputValidator | undefined;
  taskRequired(tool: string): boolean;
}

interface ClientInternals {
  _requestMessageId?: unknown;
  getToolOutputValidator?: unknown;
  isToolTaskRequired?: unknown;
}

/** The parts, or undefined when this SDK's Client lacks one (then every call takes the SDK's path). */
export function clientParts(client: object): ClientParts | undefined {
  const internals = client as ClientInternals;
  const { getToolOutputValidator: validator, isToolTaskRequired: taskRequired } = internals;
  if (typeof internals._requestMessageId !== 'number' || typeof validator !== 'function' || typeof taskRequired !== 'function') return undefined;
  return {
    takeRequestId: () => {
      const id = internals._requestMessageId as number;
      internals._requestMessageId = id + 1;
      return id;
    },
    outputValidator: (tool) => validator.call(client, tool) as OutputValidator | undefined,
    taskRequired: (tool) => taskRequired.call(client, tool) === true,
  };
}
