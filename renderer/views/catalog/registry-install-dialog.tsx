import type { FormValidation } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import type { RegistryInstallOptions, RegistryRow, ServerStatus } from '../../../shared/api';
import { MemoryVaultNote } from '../../components';
import { FormDialog } from '../../forms';
import { describeError, shownLine, shownText, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { freeName } from './catalog-model';
import type { EntryFormData } from './entry-form-schema';
import { inputsOf, registryInstallSchema } from './registry-install-schema';

export interface RegistryInstallDialogProps {
  row: RegistryRow;
  taken: ReadonlySet<string>;
  onClose: () => void;
  /** Installed: its status (a command waits for approval), or only its name when the status could not be read. */
  onInstalled: (name: string, status: ServerStatus | undefined) => void;
}

/** A short name from the registry's id: its last part, in the characters a service name takes. */
function suggested(row: RegistryRow): string {
  const last = (row.name.split('/').pop() ?? 'server').replace(/[^A-Za-z0-9_-]/g, '-').replace(/^[-_]+/, '').slice(0, 40);
  return last === '' ? 'server' : last;
}

/** Installs a registry entry: the person picks a package or a remote, and its inputs are a form. */
export function RegistryInstallDialog({ row, taken, onClose, onInstalled }: RegistryInstallDialogProps) {
  const live = useLive();
  const [options, setOptions] = useState<RegistryInstallOptions | null>(null);
  const [picked, setPicked] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const title = row.title ?? row.name;

  useEffect(() => {
    let live_ = true;
    live.api.registryInstallOptions({ registry: row.registry, name: row.name }).then(
      (loaded) => {
        if (!live_) return;
        setOptions(loaded);
        const first = loaded.options.findIndex((o) => o.problem === undefined);
        setPicked(first >= 0 ? first : 0);
      },
      (failure: unknown) => live_ && setError(describeError(failure)),
    );
    return () => {
      live_ = false;
    };
  }, [live, row]);

  const option = options?.options[picked];
  const name = useMemo(() => freeName(suggested(row), taken), [row, taken]);
  const form = useMemo(() => registryInstallSchema(option?.inputs ?? [], name), [option, name]);

  const submit = (data: EntryFormData) => {
    if (!option) return;
    setBusy(true);
    setError(null);
    void (async () => {
      try {
        const server = data['name'] ?? '';
        await live.api.installRegistryEntry({ registry: row.registry, name: row.name, server, choice: option.choice, inputs: inputsOf(option.inputs, data) });
        await live.servers.refresh();
        const status = (await live.api.status({}).catch(() => undefined))?.servers.find((s) => s.name === server);
        onInstalled(server, status);
      } catch (failure) {
        setError(describeError(failure));
        setBusy(false);
      }
    })();
  };

  const validate = (data: EntryFormData | undefined, errors: FormValidation<EntryFormData>) => {
    const wanted = data?.['name'];
    if (wanted !== undefined && taken.has(wanted)) errors['name']?.addError('A service with this name already exists; choose another.');
    return errors;
  };

  return (
    <FormDialog<EntryFormData>
      title={`Install ${shownLine(title)}`}
      onClose={onClose}
      error={error}
      formKey={picked}
      {...(option !== undefined && option.problem === undefined
        ? {
            form: {
              idPrefix: `install-${picked}`,
              label: `Settings for ${title}`,
              schema: form.schema,
              uiSchema: form.uiSchema,
              submitText: busy ? 'Installing…' : 'Install',
              disabled: busy,
              customValidate: validate,
              onSubmit: submit,
            },
          }
        : {})}
    >
      <p>{shownText(row.description)}</p>
      <p className="muted">
        From the registry: <code>{shownLine(row.name)}</code> version {shownLine(row.version)}, installed at exactly this version.
      </p>
      <MemoryVaultNote />
      {options === null && error === null && <p role="status">Reading the entry…</p>}
      {options !== null && options.options.length === 0 && <p>This entry names no package or remote to install.</p>}
      {options !== null && options.options.length > 0 && (
        <fieldset className="registry-install-choice">
          <legend>How it runs</legend>
          {options.options.map((o, place) => (
            <label key={place} className="choice-line">
              <input type="radio" name="registry-install-choice" checked={place === picked} disabled={o.problem !== undefined || busy} onChange={() => setPicked(place)} />{' '}
              <code>{shownLine(o.label)}</code>
              {o.problem !== undefined && <span className="muted"> — {shownText(o.problem)}</span>}
            </label>
          ))}
        </fieldset>
      )}
      {option !== undefined && option.problem === undefined && (
        <p className="muted">
          {'remote' in option.choice ? 'A remote service: if it sends secrets, you approve its address first.' : 'You will be asked to approve the exact command before it runs.'}
        </p>
      )}
    </FormDialog>
  );
}
