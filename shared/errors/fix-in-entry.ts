/**
 * The service's own entry (its URL, host, command, args, working directory) is what to fix: an app
 * offers its edit form beside the error. On the wire as `data.fixIn`.
 */
export const FIX_IN_ENTRY = { fixIn: 'entry' } as const;

/** Whether an error (thrown or on the wire) says its service's entry is what to fix. */
export function fixInEntry(error: { data?: Record<string, unknown> | undefined } | undefined): boolean {
  return error?.data?.['fixIn'] === FIX_IN_ENTRY.fixIn;
}
