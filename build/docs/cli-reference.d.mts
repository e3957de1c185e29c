/** Types of cli-reference.mjs (plain ESM, run with tsx by `npm run docs`). */
import type { Command } from 'commander';

export declare const CLI_PAGE: string;
export declare const MARKER: string;
export declare function loadProgram(): Promise<Command>;
export declare function commandsOf(program: Command): { command: Command; path: string[]; key: string }[];
export declare function anchorOf(key: string): string;
export declare function notesIn(body: string): Map<string, string>;
export declare function renderReference(program: Command, notes?: Map<string, string>): string;
export declare function regeneratePage(text: string, program: Command): string;
