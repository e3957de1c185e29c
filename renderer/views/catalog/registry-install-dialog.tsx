import type { FormValidation } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import type { RegistryInstallOptions, RegistryRow } from '../../../shared/api';
import { AddressNotes, CodeSpans, MemoryVaultNote } from '../../components';
import { FormDialog } from '../../forms';
import { describeError, shownLine, shownText, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { freeName } from './catalog-model';
import { filledAddress, registryTarget, type ConnectTarget } from './connect-target';
import { LookAlikeNote, shownEntryText } from './look-alike-note';
import { latestMarkedWords } from './registry-entry-row';
import type { EntryFormData } from './entry-form-schema';
import { inputsOf, registryInstallSchema, requiredSecretFields, storedOf } from './registry-install-schema';
import { secretGiven } from './stored-secret-field';
import { useStoredSecretNames } from './use-stored-secret-names';
import { checkServiceName, takenNameErrors } from './service-name-check';

export interface RegistryInstallDialogProps {
  row: RegistryRow;
  taken: ReadonlySet<string>;
  onClose: () => void;
  /** The form is filled: the one-step sheet shows what will run and connects it on one approval. */
  onReview: (target: ConnectTarget) => void;
}

/** A short name from the registry's id: its last part, in the characters a service name takes. */
function suggested(row: RegistryRow): string {
  const last = (row.name.split('/').pop() ?? 'server').replace(/[^A-Za-z0-9_-]/g, '-').replace(/^[-_]+/, '').slice(0, 40);
  return last === '' ? 'server' : last;
}

/**
 * Installs a registry entry: the person picks a package or a remote, and its inputs are a form
 * (secrets as password fields, choices, defaults). Then the connect sheet: the core derives the
 * entry (a bundle downloaded and its fileSha256 checked), shows its exact line, and on one approval
 * stores, adds, signs in, starts and lists (installRegistryEntry through addService).
 */
export function RegistryInstallDialog({ row, taken, onClose, onReview }: RegistryInstallDialogProps) {
  const live = useLive();
  const [options, setOptions] = useState<RegistryInstallOptions | null>(null);
  const [picked, setPicked] = useState(0);
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
  const storedNames = useStoredSecretNames(option?.inputs.some((input) => input.isSecret) === true);
  const form = useMemo(() => registryInstallSchema(option?.inputs ?? [], name, storedNames), [option, name, storedNames]);

  const submit = (data: EntryFormData) => {
    if (!option) return;
    const stored = storedOf(option.inputs, data);
    // A vault secret chosen wins over a value typed as well: nothing new is stored for it.
    const inputs = Object.fromEntries(Object.entries(inputsOf(option.inputs, data)).filter(([key]) => !Object.hasOwn(stored, key)));
    const secretNames = option.inputs.filter((input) => input.isSecret && inputs[input.key] !== undefined).map((input) => input.key);
    // The version and the package or remote this dialog shows, with its digest: the core refuses the entry if the registry changed them since.
    const shown = { version: row.version, choice: option.choice, label: option.label, digest: option.digest };
    const url = 'remote' in option.choice && option.url !== undefined ? filledAddress(option.url, option.inputs, inputs) : undefined;
    const chosen = Object.keys(stored).length > 0 ? { stored } : {};
    onReview(registryTarget(live.api, { registry: row.registry, name: row.name, server: data['name'] ?? '', ...shown, inputs, ...chosen }, 'remote' in option.choice, secretNames, url));
  };

  const validate = (data: EntryFormData | undefined, errors: FormValidation<EntryFormData>) => {
    const wanted = data?.['name'];
    checkServiceName(wanted, taken, errors['name']);
    // With vault secrets to choose, a required secret may be left empty for one of them: one of the two is needed.
    if (storedNames.length > 0 && data !== undefined) {
      for (const { field, key } of requiredSecretFields(option?.inputs ?? [])) {
        if (!secretGiven(data, field)) errors[field]?.addError(`Fill in ${key}, or choose a secret already in the vault below.`);
      }
    }
    return errors;
  };

  return (
    <FormDialog<EntryFormData>
      title={`Install ${shownEntryText(title)}`}
      onClose={onClose}
      error={error}
      liveErrors={(data) => takenNameErrors(data, taken)}
      formKey={picked}
      {...(option !== undefined && option.problem === undefined
        ? {
            form: {
              idPrefix: `install-${picked}`,
              label: `Settings for ${title}`,
              schema: form.schema,
              uiSchema: form.uiSchema,
              submitText: 'Review and connect',
              customValidate: validate,
              onSubmit: submit,
            },
          }
        : {})}
    >
      <LookAlikeNote row={row} />
      <p>{shownText(row.description)}</p>
      <p className="muted">
        From the registry: <code>{shownEntryText(row.name)}</code> version {shownLine(row.version)}, installed at exactly this version.
        {row.latestMarked !== undefined && ` ${latestMarkedWords(row)}`}
      </p>
      <MemoryVaultNote />
      {options === null && error === null && <p role="status">Reading the entry…</p>}
      {options !== null && options.options.length === 0 && <p>This entry names no package or remote to install.</p>}
      {options !== null && options.options.length > 0 && (
        <fieldset className="registry-install-choice">
          <legend>How it runs</legend>
          {options.options.map((o, place) => (
            <label key={place} className="choice-line">
              <input type="radio" name="registry-install-choice" checked={place === picked} disabled={o.problem !== undefined} onChange={() => setPicked(place)} />{' '}
              <code>{shownLine(o.label)}</code>
              {o.problem !== undefined && <span className="muted">
                  {' '}
                  — <CodeSpans text={o.problem} />
                </span>}
            </label>
          ))}
        </fieldset>
      )}
      {option !== undefined && option.problem === undefined && <AddressNotes url={option.url} />}
      {option !== undefined && option.problem === undefined && (
        <p className="muted">
          {'remote' in option.choice
            ? 'Next you see where it sends its secrets, and connect it with one approval.'
            : 'Next you see the exact command that will run, and connect it with one approval.'}
        </p>
      )}
    </FormDialog>
  );
}
