import { z } from 'zod';
import { CONNECT_CLIENTS } from './agent-clients';
import { lazySchema } from './lazy-schema';

/** The agent clients whose user configuration the app can write (agent-clients.ts). */
export const ConnectClientSchema = lazySchema(() => z.enum(CONNECT_CLIENTS));

/**
 * Where the token goes for a client's entry: our vault, read by a helper the entry names when the
 * client starts it (no token in the file); a prompt whose answer the client keeps in its secret
 * storage (VS Code); or the file itself, only where the vault cannot hand it to a helper.
 */
export const TOKEN_PLACES = ['vault', 'client-secret-storage', 'file'] as const;

export const ClientInfoSchema = lazySchema(() => z.object({
  client: ConnectClientSchema,
  label: z.string(),
  /** Found for this user: its configuration folder or its program on PATH. */
  detected: z.boolean(),
  /** Why it counts as detected, in words (`~/.cursor exists`). */
  evidence: z.string().optional(),
  /** The user configuration file the entry goes in. */
  file: z.string(),
  /** Agents whose entries it holds now (entries named `connected-services-<agent>`). */
  agents: z.array(z.string()),
  tokenPlace: z.enum(TOKEN_PLACES),
}));
export type ClientInfo = z.infer<typeof ClientInfoSchema>;

/** A planned change of a client's configuration, before it is made. */
export const ClientPlanSchema = lazySchema(() => z.object({
  client: ConnectClientSchema,
  agent: z.string(),
  file: z.string(),
  entry: z.string(),
  /** Unified diff of the file (RFC-less: `diff -u` form); the token is never in it. */
  diff: z.string(),
  /** Nothing would change (the entry is already there, or absent when removing). */
  unchanged: z.boolean(),
  /** The file does not exist yet. */
  creates: z.boolean(),
  /** sha256 of the file as read, so the write can refuse a file changed since the diff was shown. */
  base: z.string(),
  /**
   * The file's names (hard links) when it has more than one: the write makes a new file under this
   * name, and its other names keep the old text.
   */
  hardLinks: z.number().int().min(2).optional(),
  /** Connecting gives the agent a new token (none was given): its other clients stop working. */
  rotates: z.boolean(),
  tokenPlace: z.enum(TOKEN_PLACES),
  notes: z.array(z.string()),
}));
export type ClientPlan = z.infer<typeof ClientPlanSchema>;

export const ClientChangeSchema = lazySchema(() => z.object({
  plan: ClientPlanSchema,
  /** The copy of the file as it was (absent when there was no file). */
  backup: z.string().optional(),
  /** For a client that keeps the token itself (VS Code asks once): the token to paste there. Shown only when the person asks. */
  token: z.string().optional(),
}));
export type ClientChange = z.infer<typeof ClientChangeSchema>;
