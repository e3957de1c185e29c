import { z } from 'zod';

/** The codes that cross a boundary (IPC, HTTP, bridge, CLI exit). */
export const ERROR_CODES = [
  'auth_required',
  'timeout',
  'server_unavailable',
  'not_found',
  'denied',
  'invalid_input',
  'invalid_config',
  'rate_limited',
  'internal',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** How an error looks on the wire: `{ code, message, hint?, data? }`. */
export const WireErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  hint: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type WireError = z.infer<typeof WireErrorSchema>;
