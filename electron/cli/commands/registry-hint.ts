import { shellQuote } from '../../../shared/text';

/**
 * ` --registry LABEL` in a command line a hint suggests: copied, it asks the registry the person chose
 * again, not every one (where two listings of the id are refused).
 */
export const registryFlag = (label: string | undefined): string => (label === undefined ? '' : ` --registry ${shellQuote(label)}`);

/** ID, or ID@VERSION when a version was given, as a command line takes it. */
export const entryWord = (id: string, version: string | undefined): string => shellQuote(version === undefined ? id : `${id}@${version}`);
