/** A server declared in a program's code (openConnectedServices): changed there, so not edited or removed here. */
export function FromCodeMark() {
  return (
    <span className="badge badge-info" title="Declared in a program's code, not in mcp.json: change or remove it in that program">
      from code
    </span>
  );
}
