/**
 * Our references (`${secret:NAME}`, `${secret:STORE:PATH}`, `${env:NAME}`, `${secretFile:NAME}`, as
 * shared/vault/references.ts reads them; a sign-in's `${token}` or `${token:SERVER}`, a server's name
 * after the colon, as shared/config/stdio-credential.ts reads them) and VS Code's `${input:ID}` (the entry `agents connect` writes:
 * VS Code asks for the value and keeps it in its secret storage) name a value and are none: where one
 * stands alone (or after a scheme) in a credential's place it is kept, so a hint, a config or a diff
 * can show the form to type.
 * The patterns take one whole (its `}` would end their value otherwise); it is bounded and holds no
 * `$`, `{`, so a long text of unclosed ones is scanned in linear time.
 */
export const REFERENCE = String.raw`\$\{(?:(?:secretFile|secret|env|input):[^$\{}\r\n"'\\]{1,600}|token(?::[A-Za-z0-9][A-Za-z0-9_-]{0,47})?)\}`;
const REFERENCES = new RegExp(REFERENCE, 'g');
const SCHEME_ONLY = /^\s*(?:(?:Bearer|Basic|Token|Bot)\s*)?$/i;

/** Whether a credential's value is references alone (with a scheme): no secret in it. */
export function onlyReferences(value: string): boolean {
  const outside = value.replace(REFERENCES, '');
  return outside !== value && SCHEME_ONLY.test(outside);
}

/** A value that runs until one of `stop`, taking a reference whole. */
export const valueUntil = (stop: string): string => `((?:${REFERENCE}|[^${stop}])+)`;
