import { z } from 'zod';
import { ServerNameSchema, ownRecord } from '../config';
import { AgentAsksViewSchema, AgentClientViewSchema, NameStyleViewSchema, PolicyDecisionSchema, TierPolicySchema, ToolModeViewSchema } from './bridge-views';
import { lazySchema } from './lazy-schema';

/**
 * An agent a program declares in code (docs/library.md): its settings as `addAgent` takes them, and
 * the sha256 (hex) of the token the program made and keeps in memory; the token never crosses.
 */
export const CodeAgentSchema = lazySchema(() =>
  z.strictObject({
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/, 'the sha256 of the token, in hex'),
    servers: z.union([z.literal('*'), z.array(ServerNameSchema).max(1000)]),
    policy: TierPolicySchema.partial().optional(),
    /** Per-tool decisions: server → tool → decision. */
    tools: ownRecord(ServerNameSchema, ownRecord(z.string().min(1).max(256), PolicyDecisionSchema)).optional(),
    asks: AgentAsksViewSchema.partial().optional(),
    names: NameStyleViewSchema.optional(),
    resourceTools: z.boolean().optional(),
    toolMode: ToolModeViewSchema.optional(),
    client: AgentClientViewSchema.optional(),
  }),
);
export type CodeAgent = z.infer<typeof CodeAgentSchema>;
