import { ENTRY_FIELD_LABELS } from '../../lib';

/** A whole field of the entry by the edit form's label (custom-service-schema.ts). */
const WHOLE: Readonly<Record<string, string>> = {
  url: ENTRY_FIELD_LABELS.url,
  command: ENTRY_FIELD_LABELS.command,
  cwd: ENTRY_FIELD_LABELS.cwd,
  description: 'Description',
};

const ARG = /^args\[(\d+)\]$/;
const NAMED = /^(env|headers)\.(.+)$/s;

/**
 * A changed field of the review as the form calls it (Folder, Argument 2, Environment variable TOKEN);
 * one the form has no label for keeps its path in mcp.json (`auth.scopes`), as code.
 */
export function DiffField({ field }: { field: string }) {
  const whole = WHOLE[field];
  if (whole !== undefined) return <>{whole}</>;
  const arg = ARG.exec(field);
  if (arg !== null) return <>Argument {Number(arg[1]) + 1}</>;
  const named = NAMED.exec(field);
  if (named !== null) {
    return (
      <>
        {named[1] === 'env' ? 'Environment variable' : 'Header'} <code>{named[2]}</code>
      </>
    );
  }
  return <code>{field}</code>;
}
