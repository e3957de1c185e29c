import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../forms';
import { fieldAtFault, type FieldAtFault } from '../../../shared/errors';
import { atFaultLabel, type ShownError } from '../../lib';

/**
 * The inputs of a form with the custom service's fields (`<prefix>_<field>`, rjsf's ids) that an entry
 * error's field may be, most exact first: the argument at its index, else the list's first item (one
 * no longer there, or a whole list), else the fallback.
 */
export function atFaultSelectors(at: FieldAtFault, prefix: string, fallback: string): string[] {
  switch (at.field) {
    case 'args':
      return [...(at.index === undefined ? [] : [`#${prefix}_args_${at.index}`]), `input[id^="${prefix}_args_"]`, fallback];
    case 'env':
      return [...(at.index === undefined ? [] : [`#${prefix}_env_${at.index}_name`]), `input[id^="${prefix}_env_"]`, fallback];
    default:
      return [`#${prefix}_${at.field}`, fallback];
  }
}

/** A field's path in mcp.json as a message starts with it (`args.1: …`, `cwd: …`). */
function rawPath(at: FieldAtFault): string {
  return at.field === 'args' && at.index !== undefined ? `args.${at.index}` : at.field;
}

/**
 * An error that names the entry's field at fault (`data.field`, `data.index`), for a form whose fields
 * are the custom service's under `prefix`; undefined for any other error, which stays in the note alone.
 */
export function entryFieldError<T>(error: ShownError, prefix: string): FieldError<T> | undefined {
  const at = fieldAtFault(error);
  if (at === undefined) return undefined;
  const label = atFaultLabel(at);
  // The message may start with the field, by its path (`args.1: `, the core's) or its label (the form's own check).
  const said = [`${rawPath(at)}: `, `${label}: `].find((start) => error.message.startsWith(start));
  const rest = said === undefined ? error.message : error.message.slice(said.length);
  const under = { __errors: [rest] };
  // One argument, or one variable's row (its Name), is marked alone; else the whole field.
  const one = at.index === undefined ? undefined : at.field === 'args' ? under : at.field === 'env' ? { name: under } : undefined;
  const errors = (one !== undefined && at.index !== undefined ? { [at.field]: { [at.index]: one } } : { [at.field]: under }) as ErrorSchema<T>;
  const fallback = `#${prefix}_${at.field === 'url' ? 'url' : 'command'}`;
  return { note: { ...error, message: said === undefined ? error.message : `${label}: ${rest}` }, errors, selectors: atFaultSelectors(at, prefix, fallback) };
}
