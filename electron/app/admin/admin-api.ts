import type { ApiInput, ApiMethod, ApiOutput, AppApi, Caller } from '../../../shared/api';
import { CodedError, toCodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import type { AdminLog } from './admin-log';
import type { CodeOwners } from '../door/code-owners';
import type { Confirmations } from '../door/confirmations';
import { refuseDeclaredElsewhere } from '../door/declared-elsewhere';
import { OPENER_BOUND } from '../door/opener-bound';
import { endOrphanedWaits } from './orphaned-waits';

/** Runs what was confirmed; a method bound to its opener runs as the caller that asked it. */
function invoke(api: AppApi, method: ApiMethod, input: unknown, asked: Caller): Promise<unknown> {
  if (OPENER_BOUND.has(method)) return (api[method] as (input: unknown, who: Caller) => Promise<unknown>)(input, asked);
  return (api[method] as (input: unknown) => Promise<unknown>)(input);
}

export type AdminMethods = Pick<AppApi, 'listConfirmations' | 'confirmationAnswer' | 'withdrawConfirmation' | 'readAdminLog' | 'listOfflineChanges'> & {
  /** `who`: the person's interface that decided (the door passes it; in-process callers are the desktop's). */
  decideConfirmation(input: ApiInput<'decideConfirmation'>, who?: Caller): Promise<ApiOutput<'decideConfirmation'>>;
  acknowledgeChanges(input: ApiInput<'acknowledgeChanges'>, who?: Caller): Promise<ApiOutput<'acknowledgeChanges'>>;
};

/** The door's own methods: deciding confirmations and reviewing offline changes (the person's). */
export function createAdminApi(options: { api: () => AppApi; admin: AdminLog; confirmations?: Confirmations; owners?: CodeOwners }): AdminMethods {
  const { admin, confirmations } = options;
  return {
    listConfirmations: () => Promise.resolve(confirmations?.list() ?? []),
    confirmationAnswer: ({ id, claim }) => {
      if (!confirmations) throw new CodedError('not_found', 'Nothing waits for confirmation in this process', { hint: 'Ask the running app' });
      return Promise.resolve(confirmations.answer(id, claim));
    },
    withdrawConfirmation: ({ id, claim }) => {
      if (!confirmations) throw new CodedError('not_found', 'Nothing waits for confirmation in this process', { hint: 'Ask the running app' });
      confirmations.withdraw(id, claim);
      return Promise.resolve({ ok: true as const });
    },
    decideConfirmation: async ({ id, decision }, who = 'ipc') => {
      if (!confirmations) throw new CodedError('not_found', 'Nothing waits for confirmation in this process', { hint: 'Confirm in the running app' });
      const { view, method, input, asker, askerGone } = confirmations.take(id);
      const base = { who, method, summary: view.summary, input: view.input, confirmation: id };
      if (decision === 'refuse') {
        admin.record({ ...base, outcome: 'refused' });
        confirmations.settle(view, 'refused');
        return { outcome: 'refused' as const };
      }
      // Run for nobody, a declaration would stay with no program to close it, a secret be set after its asker was told `timeout`.
      if (askerGone) {
        const message = `the program that asked (pid ${view.pid ?? '?'}) has exited, so nothing was changed`;
        admin.record({ ...base, outcome: 'failed', error: message });
        confirmations.settle(view, 'failed', { error: message });
        return { outcome: 'failed' as const, error: message };
      }
      let result: unknown;
      try {
        // Another program may have declared the same name while this one waited for the person.
        await refuseDeclaredElsewhere(options.api(), options.owners, method, input, asker?.pid);
        result = await invoke(options.api(), method, input, view.from);
      } catch (error) {
        const message = redact(toCodedError(error).message);
        admin.record({ ...base, outcome: 'failed', error: message });
        confirmations.settle(view, 'failed', { error: message });
        return { outcome: 'failed' as const, error: message };
      }
      if (asker) options.owners?.record(method, input, asker);
      admin.record({ ...base, outcome: 'confirmed' });
      confirmations.settle(view, 'confirmed', { result });
      return { outcome: 'confirmed' as const, result };
    },
    readAdminLog: async ({ who, limit }) =>
      endOrphanedWaits(await admin.query({ ...(who ? { who } : {}), ...(limit !== undefined ? { limit } : {}) }), (id) => confirmations?.isOpen(id) ?? false),
    listOfflineChanges: () => admin.unreviewed(),
    acknowledgeChanges: async ({ upTo }, who = 'ipc') => {
      admin.record({ who, method: 'acknowledgeChanges', summary: 'reviewed the changes made from the command line or a program while the app was closed', input: { upTo }, outcome: 'acknowledged' });
      await admin.acknowledge(upTo);
      return { ok: true as const };
    },
  };
}
