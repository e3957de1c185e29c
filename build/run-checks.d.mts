/** Types of run-checks.mjs (plain ESM so that build/checks.mjs can import it). */
export interface Check {
  name: string;
  label: string;
  command: string;
  args: string[];
  cwd: string;
}
export declare function runChecks(checks: Check[], write?: (text: string) => void): Promise<boolean>;
