import type { FormValidation } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { planCatalogServer, type CatalogEntry, type ServerPlan } from '../../../shared/catalog';
import { MemoryVaultNote, SafeLink } from '../../components';
import { FormDialog } from '../../forms';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { addPlannedServer } from './add-planned-server';
import { authLabel, freeName, storesSecrets } from './catalog-model';
import { choiceOf, entryFormSchema, secretFields, secretGiven, type EntryFormData } from './entry-form-schema';
import { useStoredSecretNames } from './use-stored-secret-names';
import { checkServiceName, takenNameErrors } from './service-name-check';

export interface AddEntryDialogProps {
  entry: CatalogEntry;
  taken: ReadonlySet<string>;
  onClose: () => void;
  onAdded: (name: string, notes?: readonly string[]) => void;
  /** Given: nothing is added here; the plan goes on to the sheet that adds, approves and connects it in one go (with what was typed, to come back to). */
  onPlanned?: (plan: ServerPlan, data: EntryFormData) => void;
  /** What was typed before, when the person comes back from the connect sheet to change it. */
  initial?: EntryFormData;
}

export function AddEntryDialog({ entry, taken, onClose, onAdded, onPlanned, initial }: AddEntryDialogProps) {
  const live = useLive();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const storedNames = useStoredSecretNames(secretFields(entry).length > 0);
  const { schema, uiSchema } = useMemo(() => entryFormSchema(entry, freeName(entry.id, taken), storedNames), [entry, taken, storedNames]);

  const submit = (data: EntryFormData) => {
    if (onPlanned) {
      try {
        onPlanned(planCatalogServer(entry, data['name'] ?? '', choiceOf(data)), data);
      } catch (failure) {
        setError(describeError(failure));
      }
      return;
    }
    setBusy(true);
    setError(null);
    void (async () => {
      try {
        const name = data['name'] ?? '';
        const notes = await addPlannedServer(live.api, planCatalogServer(entry, name, choiceOf(data)));
        await live.servers.refresh();
        onAdded(name, notes);
      } catch (failure) {
        setError(describeError(failure));
        setBusy(false);
      }
    })();
  };

  const validate = (data: EntryFormData | undefined, errors: FormValidation<EntryFormData>) => {
    const name = data?.['name'];
    checkServiceName(name, taken, errors['name']);
    // With vault secrets to choose, a required secret field may be left empty for one of them: one of the two is needed.
    if (storedNames.length > 0 && data !== undefined) {
      for (const field of secretFields(entry)) {
        if (field.required && !secretGiven(data, field.key)) errors[field.key]?.addError(`Fill in ${field.label}, or choose a secret already in the vault below.`);
      }
    }
    return errors;
  };

  return (
    <FormDialog<EntryFormData>
      title={`Add ${entry.name}`}
      onClose={onClose}
      error={error}
      liveErrors={(data) => takenNameErrors(data, taken)}
      form={{
        idPrefix: `add-${entry.id}`,
        label: `Settings for ${entry.name}`,
        schema,
        uiSchema,
        ...(initial !== undefined ? { formData: initial } : {}),
        submitText: onPlanned ? 'Continue' : busy ? 'Adding…' : 'Add service',
        disabled: busy,
        customValidate: validate,
        onSubmit: submit,
      }}
    >
      <p>{entry.description}</p>
      {/* A service that stores nothing (Filesystem) is not warned about a vault it does not use. */}
      {storesSecrets(entry) && <MemoryVaultNote />}
      <dl className="facts">
        <dt>Runs as</dt>
        <dd>{entry.transport === 'http' ? 'a remote service (Streamable HTTP)' : 'a program on this computer (stdio)'}</dd>
        <dt>{entry.transport === 'http' ? 'Address' : 'Command'}</dt>
        <dd>
          <code>{entry.transport === 'http' ? entry.url : [entry.command, ...entry.args].join(' ')}</code>
        </dd>
        <dt>Sign-in</dt>
        <dd>{authLabel(entry.auth)}</dd>
        <dt>Documentation</dt>
        <dd>
          <SafeLink href={entry.docsUrl} fromServer />
        </dd>
      </dl>
      {entry.note !== undefined && <p className="muted">{entry.note}</p>}
      {!entry.verified && <p className="note note-warn">This entry’s address was not checked against the provider’s documentation. Check it there before you connect.</p>}
      {entry.transport === 'stdio' && <p className="muted">You will be asked to approve the exact command before it runs.</p>}
    </FormDialog>
  );
}
