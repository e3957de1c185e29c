import { z } from 'zod';
import { HttpServerSchema, ServerNameSchema, StdioServerSchema } from '../config';
import { ServerStatusSchema } from './views';
import { ByName } from './method-schemas';

/** A server's entry edited, the server restarted, a call cancelled. */
export const SERVER_EDIT_METHODS = {
  /** The server's entry as written in mcp.json (`${secret:…}` references as references), for editing. */
  serverConfig: () => ({ input: ByName, output: z.object({ config: z.union([StdioServerSchema, HttpServerSchema]) }) }),
  /**
   * Replaces a server's entry. A stdio entry whose command, arguments, folder or environment changed
   * needs approval again (the approval is of the name with that whole entry); a running server restarts.
   */
  updateServer: () => ({
    input: z.strictObject({ name: ServerNameSchema, config: z.union([StdioServerSchema, HttpServerSchema]) }),
    output: ServerStatusSchema,
  }),
  /** Stops the server and starts it again now (crash counters reset); errors are the start's. */
  restartServer: () => ({ input: ByName, output: ServerStatusSchema }),
  /** Cancels a `callTool` in flight by its `callId`: the server is sent `notifications/cancelled`. */
  cancelCall: () => ({ input: z.strictObject({ callId: z.string().min(1).max(100) }), output: z.object({ cancelled: z.boolean() }) }),
};
