import { z } from 'zod';

/** The longest variable name a server's `env` (or a registry entry) may give; the same bound as `${env:NAME}`. */
export const MAX_ENV_NAME = 256;

/**
 * Why `name` cannot name an environment variable, or undefined. The environment is handed to a child
 * as `NAME=value` strings: a `=` in a name ends it early and sets another variable (`NODE_OPTIONS=…`),
 * a NUL ends the string, a control character is never a real name, and an empty name is no variable.
 */
export function envNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'a variable name may not be empty';
  if (name.length > MAX_ENV_NAME) return `a variable name is at most ${MAX_ENV_NAME} characters`;
  if (name.includes('=')) return 'a variable name may not hold "=" (it would end the name and set another variable)';
  // eslint-disable-next-line no-control-regex -- control characters and NUL are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'a variable name may not hold NUL or another control character';
  return undefined;
}

/** A variable name: no `=`, NUL or control characters, 1-256 characters. */
export const EnvNameSchema = z.string().superRefine((name, ctx) => {
  const problem = envNameProblem(name);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `${problem}; rename the variable` });
});
