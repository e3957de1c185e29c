/** Types of one-ajv-import.mjs (plain ESM so that build/bundle.mjs can import it). */
import type { Plugin } from 'esbuild';

export declare const oneAjvImport: Plugin;
