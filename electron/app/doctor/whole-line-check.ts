import { splitCommandLine, type StdioServerConfig } from '../../../shared/config';
import type { DoctorCheck } from '../../../shared/api';
import { redact } from '../../../shared/redact';
import { shellQuote } from '../../pool';

/**
 * An entry whose program is a whole command line in one word (`"command": "npx -y pkg ~/notes"`,
 * from a hand-written mcp.json or an older version) names no program any computer has: "install
 * npx -y pkg" would send the person after the wrong fix. Says how to split it instead, or null
 * when the command is no such line (then the caller's not-found words stand). Only when its first
 * word is a program `found` finds: `/opt/My Tools/server`, not installed yet, is a path with spaces.
 */
export function wholeLineCheck(id: string, title: string, name: string, config: StdioServerConfig, where: string, code: boolean, found: (program: string) => boolean): DoctorCheck | null {
  if (!/\s/.test(config.command.trim())) return null;
  let split;
  try {
    split = splitCommandLine(config.command.trim());
  } catch {
    return null;
  }
  if (split.command === config.command || !found(split.command)) return null;
  const args = [...split.args, ...(config.args ?? [])];
  const detail = `command "${redact(config.command)}" is a whole command line stored as the name of one program`;
  // A line that sets variables or a folder is fixed by hand: the edit command would not carry those parts.
  if (code || Object.keys(split.env).length > 0 || split.cwd !== undefined) {
    return { id, title, status: 'fail', detail, fix: `In ${where}, give the program alone as "command" (${JSON.stringify(split.command)}) and each argument in "args"` };
  }
  const words = [split.command, ...args].map(shellQuote).join(' ');
  return { id, title, status: 'fail', detail, fix: redact(`Split it into the program and its arguments: connected-services servers edit ${shellQuote(name)} -- ${words}`) };
}
