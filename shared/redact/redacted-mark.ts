/** What stands in the place of a secret in every text redaction hands out. */
export const REDACTED = '[redacted]';

/** REDACTED as a regular expression's source. */
export const REDACTED_SOURCE = String.raw`\[redacted\]`;
