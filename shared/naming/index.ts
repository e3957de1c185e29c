export { SEPARATOR, MAX_NAME_LENGTH, BRIDGE_NAME, HASH_LENGTH, sanitizeSegment, bridgeName, owningServer, ownName } from './bridge-name';
export { buildNameTable } from './name-table';
export type { NameTable, NameTableOptions, NamedItem } from './name-table';
export { shortHash } from './short-hash';
