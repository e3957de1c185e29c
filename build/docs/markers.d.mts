/** Types of markers.mjs (plain ESM, run by node and imported by tests and the bench). */
export declare function findGenerated(text: string, name: string, page?: string): { bodyStart: number; bodyEnd: number; body: string };
export declare function replaceGenerated(text: string, name: string, body: string, page?: string): string;
