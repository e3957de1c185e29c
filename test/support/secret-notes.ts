/** stderr's lines less the notes for vault secrets not stored yet (servers add and edit say them): tests of other output read the rest. */
export function withoutSecretNotes(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line !== '' && !line.startsWith('note: the vault holds no secret '));
}
