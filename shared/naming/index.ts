export { SEPARATOR, MAX_NAME_LENGTH, BRIDGE_NAME, HASH_LENGTH, sanitizeSegment, bridgeName } from './bridge-name';
export { buildNameTable } from './name-table';
export type { NameTable, NamedItem } from './name-table';
export { shortHash } from './short-hash';
