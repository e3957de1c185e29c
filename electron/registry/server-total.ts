import { CodedError } from '../../shared/errors';

/**
 * The most servers mcp.json holds after an import or `servers add`: every start-up and edit reads
 * all of it, so neither adds in parts nor imports in parts may grow it without bound.
 */
export const MAX_CONFIGURED_SERVERS = 1000;

/** What grows mcp.json: the refusal's sentence names it and what was left undone. */
export type GrowingEdit = 'import' | 'add';

const REMOVE = 'Remove servers you no longer use (`connected-services servers remove NAME`)';

/** Refuses an edit that takes mcp.json past MAX_CONFIGURED_SERVERS; one that adds nothing always passes. */
export function refuseOverTotal(existing: number, adding: number, edit: GrowingEdit): void {
  const max = MAX_CONFIGURED_SERVERS;
  if (adding === 0 || existing + adding <= max) return;
  const [what, undone] = edit === 'import' ? ['this import', 'imported'] : ['this server', 'added'];
  throw new CodedError('invalid_input', `mcp.json has ${existing} servers and ${what} would add ${adding}: ${existing + adding}, more than the ${max} it holds after an ${edit}; nothing was ${undone}.`, {
    hint: edit === 'import' ? `${REMOVE}, or import a file with at most ${Math.max(0, max - existing)} new servers (\`--path FILE\`).` : `${REMOVE} first.`,
    data: { servers: existing, adding, max },
  });
}
