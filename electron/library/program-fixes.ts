import type { ApiMethod, ApiOutput, ClientPlan } from '../../shared/api';
import { passphraseWords } from './program-errors';
import { programHint } from './program-hints';

/** A note on an agent's entry in a program's words: its token is agentConfig's `token`, not a flag. */
function agentNote(note: string): string {
  return programHint(note.replace(/print the token in with --token-stdin/g, "give it as agentConfig's `token`"));
}

function planForProgram(plan: ClientPlan): ClientPlan {
  return { ...plan, notes: plan.notes.map((note) => programHint(note)) };
}

/** Words for a person (a store's detail, the vault's message) as a program reads them: no passphrase it typed, no command. */
const forProgramWords = (text: string): string => programHint(passphraseWords(text));

/** Status with its vault's message in a program's words; as it was when they need no change. */
function vaultForProgram(status: ApiOutput<'status'>): ApiOutput<'status'> {
  // A partial status, without its vault, has nothing to word.
  const message = (status as Partial<ApiOutput<'status'>>).vault?.message;
  if (message === undefined) return status;
  const worded = passphraseWords(message);
  return worded === message ? status : { ...status, vault: { ...status.vault, message: worded } };
}

/**
 * What a method answers, its fixes and notes in a program's words: the core words the doctor's `fix`,
 * status's missing header secrets', an agent's configuration's and a client plan's notes for a person
 * at the command line (`connected-services secrets set NAME`), and a program cannot type a command.
 * Where the vault's own words say why it is locked (the doctor's check, status's vault, the vault
 * store), a passphrase that does not open it is the one the program gave, not one typed.
 * Any other answer as it is.
 */
export function forProgramAnswer(method: ApiMethod, output: unknown): unknown {
  switch (method) {
    case 'doctor':
      return (output as ApiOutput<'doctor'>).map((check) => {
        const worded = { ...check, detail: passphraseWords(check.detail) };
        return check.fix === undefined ? worded : { ...worded, fix: programHint(check.fix) };
      });
    case 'status': {
      const status = vaultForProgram(output as ApiOutput<'status'>);
      if (status.missingHeaderSecrets === undefined) return status;
      return { ...status, missingHeaderSecrets: status.missingHeaderSecrets.map((gap) => ({ ...gap, fix: programHint(gap.fix) })) };
    }
    case 'listSecretStores':
      return (output as ApiOutput<'listSecretStores'>).map((store) => ({
        ...store,
        detail: forProgramWords(store.detail),
        ...(store.fix !== undefined ? { fix: forProgramWords(store.fix) } : {}),
      }));
    case 'agentConfig': {
      const config = output as ApiOutput<'agentConfig'>;
      return config.notes === undefined ? config : { ...config, notes: config.notes.map(agentNote) };
    }
    case 'planClientConnection':
      return planForProgram(output as ApiOutput<'planClientConnection'>);
    case 'connectClient':
    case 'disconnectClient': {
      const change = output as ApiOutput<'connectClient'>;
      return { ...change, plan: planForProgram(change.plan) };
    }
    default:
      return output;
  }
}
