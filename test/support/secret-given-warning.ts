/** What `servers add --from-registry` says on stderr when a secret input's value was given with --input. */
export function secretGivenWarning(...keys: string[]): string {
  return (
    `warning: --input ${keys.join(', ')} gave a secret on the command line, where your shell's history keeps it and other programs can read it while the command runs (ps); ` +
    'next time leave it out to be asked for it hidden, or store it with `connected-services secrets set NAME` and give --input-secret INPUT=SECRET_NAME\n'
  );
}
