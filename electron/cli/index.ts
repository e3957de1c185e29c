// The command line's public face for the layer above (electron/library): its one-app decision, so a
// program embedding the core follows the same rule as a command (docs/library.md).
export { createContext } from './context';
export type { CliContext, CoreChoice, GlobalOptions } from './context';
export type { Output } from './output';
// The folder a relative path in a program's server entry means: the program's, as for a command.
export { anchoredEntry } from './relative-paths';
