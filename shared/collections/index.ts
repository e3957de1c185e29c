export { IdTable, type Id } from './id-table';
