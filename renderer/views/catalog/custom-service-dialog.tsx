import type { FormValidation } from '@rjsf/utils';
import { useState } from 'react';
import { urlSpaceProblem } from '../../../shared/config';
import { joinedList } from '../../../shared/text';
import { AddressNotes, MemoryVaultNote } from '../../components';
import { FormDialog } from '../../forms';
import { flagSecretsInClear } from './secrets-in-clear';
import { describeError, plural, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { addPlannedServer } from './add-planned-server';
import { customServicePlan, splitCommandField, type CustomServiceData } from './custom-service-plan';
import { CUSTOM_SERVICE_SCHEMA, CUSTOM_SERVICE_UI } from './custom-service-schema';
import { checkServiceName, takenNameErrors } from './service-name-check';
import { entryFieldError } from './entry-field-error';

export interface CustomServiceDialogProps {
  taken: ReadonlySet<string>;
  onClose: () => void;
  /** `notes`: what the entry names on this computer that is not there (its Folder), said once it is added. */
  onAdded: (name: string, notes?: readonly string[]) => void;
}

/** What the split made of the command box: the program, then its arguments and variables, each only if there are some. */
function splitSaid(split: CustomServiceData, before: CustomServiceData): string {
  const args = split.args?.length ?? 0;
  const vars = (split.env?.length ?? 0) > (before.env?.length ?? 0);
  const parts = [...(args > 0 ? [`${plural(args, 'argument')} below`] : []), ...(vars ? ['its variables under Environment variables'] : [])];
  return `Split the command line: the program is ${split.command ?? ''}${parts.length > 0 ? `, with ${joinedList(parts)}` : ''}.`;
}

export function CustomServiceDialog({ taken, onClose, onAdded }: CustomServiceDialogProps) {
  const live = useLive();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [formData, setFormData] = useState<CustomServiceData>({});
  // With the command it made: typed over, or the service made a URL, the note speaks of fields no longer there.
  const [splitNote, setSplitNote] = useState<{ text: string; command: string | undefined } | null>(null);
  const splitShown = splitNote !== null && formData.transport !== 'http' && formData.command === splitNote.command ? splitNote.text : null;

  /** Leaving the command box with a whole command line in it shows it split, before anything is added. */
  const onBlur = (id: string) => {
    if (id !== 'custom_command') return;
    try {
      const split = splitCommandField(formData);
      if (!split) return;
      setFormData(split);
      setSplitNote({ text: splitSaid(split, formData), command: split.command });
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  const submit = (data: CustomServiceData) => {
    setBusy(true);
    setError(null);
    void (async () => {
      try {
        const plan = customServicePlan(data);
        const notes = await addPlannedServer(live.api, plan);
        await live.servers.refresh();
        onAdded(plan.name, notes);
      } catch (failure) {
        setError(describeError(failure));
        setBusy(false);
      }
    })();
  };

  const validate = (data: CustomServiceData | undefined, errors: FormValidation<CustomServiceData>) => {
    checkServiceName(data?.name, taken, errors.name);
    flagSecretsInClear(data, errors);
    // Said under the field before it is sent: the core refuses it too, but in a banner far from the URL.
    const spaced = data?.transport === 'http' && data.url !== undefined ? urlSpaceProblem(data.url.trim()) : undefined;
    if (spaced !== undefined) errors.url?.addError(`This address ${spaced}`);
    return errors;
  };

  return (
    <FormDialog<CustomServiceData>
      title="Add a custom service"
      onClose={onClose}
      wide
      error={error}
      liveErrors={(data) => takenNameErrors(data, taken)}
      fieldError={(shown) => entryFieldError<CustomServiceData>(shown, 'custom')}
      form={{
        idPrefix: 'custom',
        label: 'Custom service settings',
        schema: CUSTOM_SERVICE_SCHEMA,
        uiSchema: CUSTOM_SERVICE_UI,
        formData,
        onChange: setFormData,
        onBlur,
        submitText: busy ? 'Adding…' : 'Add service',
        disabled: busy,
        customValidate: validate,
        onSubmit: submit,
      }}
    >
      <p className="muted">Secrets you enter are stored in the vault; mcp.json only refers to them as {'${secret:NAME}'}.</p>
      <MemoryVaultNote />
      {formData.transport === 'http' && <AddressNotes url={formData.url} />}
      {splitShown !== null && (
        <p className="note" role="status">
          {splitShown}
        </p>
      )}
    </FormDialog>
  );
}
