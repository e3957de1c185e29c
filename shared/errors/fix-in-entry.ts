import { z } from 'zod';

/**
 * The service's own entry (its URL, host, command, args, working directory, description) is what to fix: an app
 * offers its edit form beside the error. On the wire as `data.fixIn`.
 */
export const FIX_IN_ENTRY = { fixIn: 'entry' } as const;

/** The entry's fields an error can name as the one at fault (`data.field`; `data.index` for one argument). */
export const ENTRY_FIELDS = ['url', 'command', 'args', 'cwd', 'env', 'description'] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];

const FieldAtFaultSchema = z.object({ field: z.enum(ENTRY_FIELDS), index: z.number().int().nonnegative().optional() });
export type FieldAtFault = z.infer<typeof FieldAtFaultSchema>;

/** FIX_IN_ENTRY naming the field to fix, and for one argument its index in args. */
export function fixInField(field: EntryField, index?: number): { fixIn: 'entry'; field: EntryField; index?: number } {
  return { ...FIX_IN_ENTRY, field, ...(index === undefined ? {} : { index }) };
}

/** Whether an error (thrown or on the wire) says its service's entry is what to fix. */
export function fixInEntry(error: { data?: Record<string, unknown> | undefined } | undefined): boolean {
  return error?.data?.['fixIn'] === FIX_IN_ENTRY.fixIn;
}

/** The field an entry error names as at fault, if it names one we know (older errors name none). */
export function fieldAtFault(error: { data?: Record<string, unknown> | undefined } | undefined): FieldAtFault | undefined {
  if (!fixInEntry(error)) return undefined;
  const parsed = FieldAtFaultSchema.safeParse({ field: error?.data?.['field'], index: error?.data?.['index'] });
  return parsed.success ? parsed.data : undefined;
}
