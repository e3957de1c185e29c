import type { ApiMethod, ApiOutput, Confirmation, Decision } from '../../../shared/api';
import { shownInput } from '../admin/admin-summary';

/** A card as the log keeps it: its input redacted, as any program holding the command line's credential may list it. */
const asLogged = (confirmation: Confirmation): Confirmation => ({ ...confirmation, input: shownInput(confirmation.method as ApiMethod, confirmation.input) });

/**
 * A read's answer for a caller who is not the person. A confirmation's card holds exactly what would
 * run (a `--token` argument, an env value the asker sent), which only the person confirming sees:
 * another program listing the waiting cards gets the redacted form the admin log keeps.
 */
export function readForCaller<M extends ApiMethod>(method: M, output: ApiOutput<M>): ApiOutput<M> {
  if (method === 'listConfirmations') return (output as Confirmation[]).map(asLogged) as ApiOutput<M>;
  if (method === 'listDecisions') {
    return (output as Decision[]).map((decision) => (decision.kind === 'confirmation' ? { ...decision, item: asLogged(decision.item) } : decision)) as ApiOutput<M>;
  }
  return output;
}
