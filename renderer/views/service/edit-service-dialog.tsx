import type { FormValidation } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { currentError, type ServerStatus } from '../../../shared/api';
import { fieldAtFault, fixInEntry } from '../../../shared/errors';
import { sameConnection, type ServerConfig, isStdio } from '../../../shared/config';
import type { ServerPlan } from '../../../shared/catalog';
import { Dialog, DialogCancel, EntryFieldLabel, ErrorNote, LoadingSkeleton, MemoryVaultNote, useHandOverFocus, useLeaveGuard } from '../../components';
import { focusFieldAtFault, SchemaForm } from '../../forms';
import { flagSecretsInClear } from '../catalog/secrets-in-clear';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { splitCommandField, type CustomServiceData } from '../catalog/custom-service-plan';
import { CUSTOM_SERVICE_UI } from '../catalog/custom-service-schema';
import { entryFieldError } from '../catalog/entry-field-error';
import { changesApproval, configDiff, editedPlan, editServiceSchema, formDataOf } from './edit-service-model';
import { fieldsInClear, maskSecrets, secretsInClear } from './entry-secrets';
import { MaskedTextWidget, type SecretsContext } from './masked-text-widget';
import { SecretsInClearNote } from './secrets-in-clear-note';
import { fieldToFix } from './field-to-fix';

export interface EditServiceDialogProps {
  status: ServerStatus;
  onClose: () => void;
  /** Saved, and the command changed: the person approves it next (then it restarts). */
  onNeedsApproval: (status: ServerStatus) => void;
}

type Loaded = { config: ServerConfig; secrets: string[] };

const WIDGETS = { masked: MaskedTextWidget };
const MASKED = { 'ui:widget': 'masked', 'ui:autocomplete': 'off' };
/** The custom form's layout, each field that may hold a secret in clear hidden while it does. */
const EDIT_UI = {
  ...CUSTOM_SERVICE_UI,
  url: MASKED,
  args: { items: MASKED },
  env: { items: { 'ui:title': 'Variable', value: MASKED } },
  headers: { items: { 'ui:title': 'Header', value: MASKED } },
};

/** Edit a service's entry: the form, then the change as a diff, then save (and restart, or re-approve). */
export function EditServiceDialog({ status, onClose, onNeedsApproval }: EditServiceDialogProps) {
  const { name } = status;
  const live = useLive();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [data, setData] = useState<CustomServiceData>({});
  const [plan, setPlan] = useState<ServerPlan | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [revealed, setRevealed] = useState(false);
  const validate = (form: CustomServiceData | undefined, errors: FormValidation<CustomServiceData>) => {
    flagSecretsInClear(form, errors, loaded?.config);
    return errors;
  };
  // Edits are kept through the review of the changes, until saved or the dialog closes.
  const [edited, setEdited] = useState(false);
  // Saved, but the restart that should try it failed: the change is in mcp.json, said so, not offered again.
  const [restartFailed, setRestartFailed] = useState<ShownError | null>(null);
  useLeaveGuard(edited && restartFailed === null);

  useEffect(() => {
    let live_ = true;
    Promise.all([live.api.serverConfig({ name }), live.api.listSecrets({})]).then(
      ([{ config }, secrets]) => {
        if (!live_) return;
        const usable = secrets.filter((s) => s.server === undefined || s.server === name).map((s) => s.name);
        const referenced = [...JSON.stringify(config).matchAll(/\$\{secret:([A-Za-z0-9_.-]+)\}/g)].map((m) => m[1] ?? '');
        setLoaded({ config, secrets: [...usable, ...referenced] });
        setData(formDataOf(config));
      },
      (failure: unknown) => live_ && setError(describeError(failure)),
    );
    return () => {
      live_ = false;
    };
  }, [live, name]);

  const schema = useMemo(() => editServiceSchema(loaded?.secrets ?? []), [loaded]);
  const rows = useMemo(() => (loaded && plan ? configDiff(loaded.config, plan.config) : []), [loaded, plan]);
  // Hidden wherever the entry shows: in the form and, with what the form added, in the changes.
  const inClear = useMemo(() => (loaded ? secretsInClear(name, loaded.config) : []), [loaded, name]);
  const clearFields = useMemo(() => (loaded ? fieldsInClear(name, loaded.config) : []), [loaded, name]);
  const shownSecrets = useMemo(() => (plan ? [...new Set([...inClear, ...secretsInClear(name, plan.config)])].sort((a, b) => b.length - a.length) : inClear), [inClear, plan, name]);
  const context = useMemo((): SecretsContext => ({ secrets: inClear, revealed }), [inClear, revealed]);
  const shown = (text: string) => (revealed ? text : maskSecrets(text, shownSecrets));
  // A description, timeout or tool rule is read per call: the running server is kept (shared/config diff.ts);
  // a new secret value reaches it only through a restart.
  const restarts = loaded !== null && plan !== null && (!sameConnection(loaded.config, plan.config) || plan.secrets.length > 0);
  // A command awaiting approval, or one the change puts back to be approved, does not run on Save: the approval comes first.
  const approvesFirst = status.approval === 'pending' || (plan !== null && isStdio(plan.config) && changesApproval(rows));

  // Review and Back replace the pressed button: the step shown takes the focus (WCAG 2.4.3).
  const { takeFocus, pressed } = useHandOverFocus();
  // Opened for an error in the entry itself: the form opens on the field at fault, once.
  const toFix = useRef(fixInEntry(currentError(status)));
  const formAt = useRef<HTMLElement | null>(null);
  const formShown = (form: HTMLElement | null) => {
    formAt.current = form;
    if (form !== null && toFix.current) {
      toFix.current = false;
      fieldToFix(form, status)?.focus();
    }
    takeFocus(form?.querySelector<HTMLElement>('button[type="submit"]') ?? form);
  };
  // An error of the form's own or the save's that names a field: said under it, and the person is taken there.
  const atFault = useMemo(() => (error ? entryFieldError<CustomServiceData>(error, 'edit') : undefined), [error]);
  useEffect(() => {
    if (atFault && formAt.current) focusFieldAtFault(formAt.current, atFault.selectors);
  }, [atFault, plan]);
  const review = (values: CustomServiceData) => {
    if (!loaded) return;
    setError(null);
    try {
      setData(values);
      const next = editedPlan(name, loaded.config, values);
      pressed(() => setPlan(next))();
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  const save = async () => {
    if (!plan) return;
    setBusy(true);
    setError(null);
    try {
      for (const secret of plan.secrets) await live.api.setSecret({ name: secret.name, server: name, value: secret.value });
      const saved = await live.api.updateServer({ name, config: plan.config });
      live.servers.upsert(saved);
      if (saved.approval === 'pending') {
        onNeedsApproval(saved);
        return;
      }
      // The pool restarted a running server already; an idle one starts now, so the change is tried at once.
      if (saved.enabled && restarts) {
        try {
          live.servers.upsert(await live.api.restartServer({ name }));
        } catch (failure) {
          setRestartFailed(describeError(failure));
          setBusy(false);
          await live.servers.refresh();
          return;
        }
      }
      onClose();
    } catch (failure) {
      const shown = describeError(failure);
      setError(shown);
      // The core refused a field of the change: back to the form, where that field is marked.
      if (fieldAtFault(shown) !== undefined) setPlan(null);
      setBusy(false);
      await live.servers.refresh();
    }
  };

  const onBlur = (id: string) => {
    if (id !== 'edit_command') return;
    try {
      const split = splitCommandField(data);
      if (split) setData(split);
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  return (
    <Dialog title={`Edit ${name}`} onClose={onClose} wide unsaved={edited && !busy && restartFailed === null} working={busy}>
      {restartFailed !== null && (
        <>
          <p className="note note-ok" role="status">
            Saved: mcp.json holds the change. {name} did not start with it:
          </p>
          <ErrorNote error={restartFailed} />
          <div className="form-buttons">
            <DialogCancel label="Close" />
          </div>
        </>
      )}
      {restartFailed === null && error && <ErrorNote error={atFault?.note ?? error} />}
      {!loaded && !error && <LoadingSkeleton label={`Loading the settings of ${name}`} shape="lines" count={4} />}
      {clearFields.length > 0 && <SecretsInClearNote fields={clearFields} revealed={revealed} onReveal={setRevealed} />}
      {loaded && plan === null && restartFailed === null && (
        <>
          <p className="muted">New secrets are stored in the vault; mcp.json only refers to them as {'${secret:NAME}'}.</p>
          <MemoryVaultNote />
          <div ref={formShown}>
            <SchemaForm<CustomServiceData>
              idPrefix="edit"
              label={`Settings of ${name}`}
              schema={schema}
              uiSchema={EDIT_UI}
              widgets={WIDGETS}
              formContext={context}
              formData={data}
              onChange={setData}
              onBlur={onBlur}
              onEdited={() => {
                setEdited(true);
                // A save's error speaks of the form as it was: once it changes, the next review or save says again if it still holds.
                setError(null);
              }}
              submitText="Review changes"
              customValidate={validate}
              {...(atFault ? { extraErrors: atFault.errors } : {})}
              onSubmit={review}
            >
              <DialogCancel />
            </SchemaForm>
          </div>
        </>
      )}
      {loaded && plan !== null && restartFailed === null && (
        <section aria-labelledby="edit-review-title" className="edit-review">
          <h3 id="edit-review-title" tabIndex={-1} ref={takeFocus}>
            Changes to {name}
          </h3>
          {rows.length === 0 ? (
            <p>Nothing changed.</p>
          ) : (
            <table className="diff" aria-labelledby="edit-review-title">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.field}>
                    <th scope="row">
                      <EntryFieldLabel field={row.field} />
                    </th>
                    <td className="diff-before">{row.before !== undefined ? <del>{shown(row.before)}</del> : <span className="muted">(none)</span>}</td>
                    <td className="diff-after">{row.after !== undefined ? <ins>{shown(row.after)}</ins> : <span className="muted">(removed)</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {plan.secrets.length > 0 && <p className="muted">New values for {plan.secrets.map((s) => s.name).join(', ')} go to the vault.</p>}
          {isStdio(plan.config) && changesApproval(rows) && (
            <p className="note note-warn">What {name} runs changes: you approve the new command before it runs again.</p>
          )}
          <div className="form-buttons">
            <button type="button" className="button primary" disabled={busy || rows.length === 0} onClick={() => void save()}>
              {busy ? 'Saving…' : status.enabled && restarts && !approvesFirst ? 'Save and restart' : 'Save'}
            </button>
            <button type="button" className="button" disabled={busy} onClick={pressed(() => setPlan(null))}>
              Back to the form
            </button>
            <DialogCancel disabled={busy} />
          </div>
        </section>
      )}
    </Dialog>
  );
}
