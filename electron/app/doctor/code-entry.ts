export { CODE_ENTRY, inCodeEntry as inCode } from '../../registry';

/** Whether a server was declared in code (the registry's `fromCode`); absent: every server is the file's. */
export type FromCode = ((name: string) => boolean) | undefined;
