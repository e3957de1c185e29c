import { entryFieldName } from '../lib';

/**
 * An entry's field as the form calls it (Folder, Argument 2, Environment variable TOKEN), from its
 * path in the edit review (`args[1]`) or in mcp.json's problems (`args.1`); one the form has no label
 * for keeps its path (`auth.scopes`), as code.
 */
export function EntryFieldLabel({ field }: { field: string }) {
  const named = entryFieldName(field);
  if (named === undefined) return <code>{field}</code>;
  if (named.name === undefined) return <>{named.words}</>;
  return (
    <>
      {named.words} <code>{named.name}</code>
    </>
  );
}
