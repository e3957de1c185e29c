import { z } from 'zod';
import { DoctorCheckSchema, type DoctorCheck } from '../../shared/api';
import { runCli } from './cli';

export type { DoctorCheck };

/** The passphrase the doctor tests make their homes with (passphraseHome) and run every command with. */
export const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' };

export interface DoctorRun {
  code: number | null;
  checks: DoctorCheck[];
  stderr: string;
}

/** `doctor --json` through the real CLI, its checks read as the App API's `doctor` answers them. */
export async function doctorJson(home: string, args: string[] = [], options: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<DoctorRun> {
  const result = await runCli(home, ['doctor', '--json', ...args], { env: options.env ?? PASSPHRASE, timeoutMs: options.timeoutMs ?? 40_000 });
  let parsed: unknown;
  try {
    parsed = JSON.parse(result.stdout);
  } catch {
    throw new Error(`doctor --json printed no JSON (exit ${String(result.code)})\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  }
  return { code: result.code, checks: z.array(DoctorCheckSchema).parse(parsed), stderr: result.stderr };
}

/** The check with this id; a test fails naming the ids there are when it is missing. */
export function checkNamed(checks: readonly DoctorCheck[], id: string): DoctorCheck {
  const found = checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id} in ${checks.map((c) => c.id).join(', ')}`);
  return found;
}
