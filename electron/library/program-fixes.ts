import type { ApiMethod, ApiOutput, ClientPlan } from '../../shared/api';
import { programHint } from './program-hints';

/** A note on an agent's entry in a program's words: its token is agentConfig's `token`, not a flag. */
function agentNote(note: string): string {
  return programHint(note.replace(/print the token in with --token-stdin/g, "give it as agentConfig's `token`"));
}

function planForProgram(plan: ClientPlan): ClientPlan {
  return { ...plan, notes: plan.notes.map((note) => programHint(note)) };
}

/**
 * What a method answers, its fixes and notes in a program's words: the core words the doctor's `fix`,
 * status's missing header secrets', an agent's configuration's and a client plan's notes for a person
 * at the command line (`connected-services secrets set NAME`), and a program cannot type a command.
 * Any other answer as it is.
 */
export function forProgramAnswer(method: ApiMethod, output: unknown): unknown {
  switch (method) {
    case 'doctor':
      return (output as ApiOutput<'doctor'>).map((check) => (check.fix === undefined ? check : { ...check, fix: programHint(check.fix) }));
    case 'status': {
      const status = output as ApiOutput<'status'>;
      if (status.missingHeaderSecrets === undefined) return status;
      return { ...status, missingHeaderSecrets: status.missingHeaderSecrets.map((gap) => ({ ...gap, fix: programHint(gap.fix) })) };
    }
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
