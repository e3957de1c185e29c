/** Types of cli-bundle.mjs (plain ESM so that build/bundle.mjs can import it). */
import type { BuildOptions, Metafile, Plugin } from 'esbuild';

export declare const INLINED_PACKAGES: RegExp;
export declare const CHUNK_DIR: string;
export declare const oneAjvProvider: Plugin;
export declare function cliBuildOptions(common: BuildOptions, outdir: string): BuildOptions & { metafile: true };
export declare function startUpInputs(metafile: Metafile, entry?: string, alsoLoaded?: string[]): string[];
export declare function pruneChunks(metafile: Metafile, outdir: string): void;
export declare function sameCode(a: string, b: string, seen?: Set<string>): Promise<boolean>;
export declare const CJS_DIR: string;
export declare function commonJsCopy(metafile: Metafile, outdir: string): Promise<void>;
