/** Types of the gate's part of lib.mjs (plain ESM: the runners are Node scripts without a build). */
export interface Check {
  id: string;
  name?: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  description?: string;
  errorMessage?: string;
}
export type Verdict = 'passed' | 'failed' | 'skipped' | 'not run';
export interface Sets {
  client: string[];
  server: string[];
  notScored: { leg: 'client' | 'server'; scenario: string; reason: string }[];
}
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  total: number;
}
export interface Summary {
  leg: 'client' | 'server';
  rows: { scenario: string; scored: boolean; reason?: string; verdict: Verdict }[];
  scored: Counts;
  notScored: Counts;
}
export declare function verdict(checks: Check[] | undefined): Verdict;
export declare function summarize(leg: 'client' | 'server', sets: Sets, results: Map<string, Check[]>): Summary;
export declare function unexpectedFailures(revision: string, summary: Summary): string[];
export declare function gateHolds(revision: string, summary: Summary): boolean;
