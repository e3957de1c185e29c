/** Types of layers.mjs (plain ESM so that eslint.config.js can import it). */
import type { ESLint } from 'eslint';

export declare const LAYERS: readonly (readonly string[])[];
export declare function moduleOf(path: string): string | undefined;
export declare function layerBreak(from: string, to: string): string | undefined;
export declare function layerBreakOfSpecifier(file: string, specifier: string): string | undefined;
export declare const layeringPlugin: ESLint.Plugin;
