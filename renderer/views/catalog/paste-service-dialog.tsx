import { useId, useState } from 'react';
import { AddressNotes, CodeSpans, Dialog, DialogCancel, ErrorNote, useLeaveGuard } from '../../components';
import { describeError, plural, shownLine, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { addPlannedServer } from './add-planned-server';
import { pastedPlan, readPaste, type PastedRow } from './paste-plan';
import { isStdio } from '../../../shared/config';
import { serverNameAdvice } from '../../../shared/api';
import { takenNameMessage } from './service-name-check';

/** Why the last Read it or Add failed, and what it is about: shown by that field, or above the Add button. */
type PasteError = { shown: ShownError; at: 'text' | 'name' | 'add' };

export interface PasteServiceDialogProps {
  taken: ReadonlySet<string>;
  onClose: () => void;
  /** `notes`: what the entries name on this computer that is not there (a folder), said once they are added. */
  onAdded: (name: string, notes?: readonly string[]) => void;
}

function PastedServer({ row }: { row: PastedRow }) {
  const { config } = row;
  // What is added: a secret-named variable's pasted value goes to the vault, and is not shown here either.
  const plan = pastedPlan(row);
  const moved = new Set(plan.secrets.map((s) => s.name));
  const planned = isStdio(plan.config) ? plan.config.env : undefined;
  const plannedArgs = isStdio(plan.config) ? plan.config.args : undefined;
  return (
    <li className="pasted" aria-label={`Server ${row.name}`}>
      <h4>{shownLine(row.name)}</h4>
      <dl className="facts">
        {isStdio(config) ? (
          <>
            <dt>Program</dt>
            <dd>
              <code>{shownLine(config.command)}</code>
            </dd>
            <dt>Arguments</dt>
            <dd>
              {config.args && config.args.length > 0 ? (
                <ol className="pasted-args" aria-label="Arguments">
                  {config.args.map((arg, i) => {
                    const reference = plannedArgs?.[i];
                    const toVault = reference !== undefined && reference !== arg;
                    return (
                      <li key={i}>
                        <code>{shownLine(toVault ? reference : arg)}</code>
                        {toVault && <span className="muted"> (the value you pasted goes to the vault, not into mcp.json; every account on this computer can read a program's arguments)</span>}
                      </li>
                    );
                  })}
                </ol>
              ) : (
                'none'
              )}
            </dd>
            {config.env && (
              <>
                <dt>Variables</dt>
                <dd>
                  {Object.entries(config.env).map(([key, value]) => {
                    const reference = planned?.[key];
                    const toVault = reference !== undefined && reference !== value && [...moved].some((name) => reference.includes(name));
                    return (
                      <div key={key}>
                        <code>{shownLine(key)}</code> = <code>{shownLine(toVault ? reference : value)}</code>
                        {toVault && <span className="muted"> (the value you pasted goes to the vault, not into mcp.json)</span>}
                      </div>
                    );
                  })}
                </dd>
              </>
            )}
            {config.cwd !== undefined && (
              <>
                <dt>Folder</dt>
                <dd>
                  <code>{shownLine(config.cwd)}</code>
                </dd>
              </>
            )}
          </>
        ) : (
          <>
            <dt>Address</dt>
            <dd>
              <code>{shownLine(config.url)}</code>
            </dd>
            {config.headers && (
              <>
                <dt>Headers</dt>
                <dd>{shownLine(Object.keys(config.headers).join(', '))}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {!isStdio(config) && <AddressNotes url={config.url} />}
      {row.warnings.map((warning) => (
        <p key={warning} className="note note-warn">
          <CodeSpans text={warning} />
        </p>
      ))}
    </li>
  );
}

/** Paste to add: a shell command line (split by shell rules, shown to confirm) or an mcpServers / servers JSON entry. */
export function PasteServiceDialog({ taken, onClose, onAdded }: PasteServiceDialogProps) {
  const live = useLive();
  const textId = useId();
  const nameId = useId();
  const noteId = useId();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [rows, setRows] = useState<PastedRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PasteError | null>(null);
  const nameTaken = takenNameMessage(name.trim(), taken);
  // The field the note under it speaks of: marked, and the note read out with it.
  const marked = (at: 'text' | 'name') => (error?.at === at || (at === 'name' && error === null && nameTaken !== undefined) ? { 'aria-invalid': true, 'aria-describedby': noteId } : {});
  const noteAt = (at: 'text' | 'name') =>
    error?.at === at ? (
      <div id={noteId}>
        <ErrorNote error={error.shown} />
      </div>
    ) : at === 'name' && error === null && nameTaken !== undefined ? (
      <p id={noteId} className="field-error">
        {nameTaken}
      </p>
    ) : null;
  // What was pasted is not kept anywhere: leaving the page asks first, until it is added or the dialog closes.
  const unsaved = text.trim() !== '' || name !== '';
  useLeaveGuard(unsaved);

  const read = () => {
    setError(null);
    const given = name.trim();
    try {
      const found = readPaste(text, name, [...taken]);
      const clash = found.find((row) => taken.has(row.name));
      if (clash) {
        setRows(null);
        const said = Object.assign(new Error(`A service named "${clash.name}" already exists`), { hint: 'Give it another name in the Name field, or edit the existing one.' });
        setError({ shown: describeError(said), at: 'name' });
        return;
      }
      setRows(found);
    } catch (failure) {
      setRows(null);
      // readPaste checks the typed name first: a name the rule refuses is what failed.
      const badName = given !== '' && serverNameAdvice(given, [...taken], 'service') !== undefined;
      setError({ shown: describeError(failure), at: badName ? 'name' : 'text' });
    }
  };

  const add = async () => {
    if (!rows) return;
    setBusy(true);
    setError(null);
    try {
      const notes: string[] = [];
      for (const row of rows) notes.push(...(await addPlannedServer(live.api, pastedPlan(row))).map((note) => (rows.length > 1 ? `${row.name}: ${note}` : note)));
      await live.servers.refresh();
      onAdded(rows.map((row) => row.name).join(', '), notes);
    } catch (failure) {
      setError({ shown: describeError(failure), at: 'add' });
      setBusy(false);
      await live.servers.refresh();
    }
  };

  return (
    <Dialog title="Paste a command or JSON" onClose={onClose} wide unsaved={unsaved && !busy} working={busy}>
      <p className="muted">
        Paste a command line (<code>npx -y @modelcontextprotocol/server-memory</code>), a service’s address (<code>https://…/mcp</code>) or a server entry from Claude, Cursor or VS Code (
        <code>{'{"mcpServers": {…}}'}</code>). Nothing runs until you approve the command.
      </p>
      <form
        className="paste-form"
        onSubmit={(event) => {
          event.preventDefault();
          read();
        }}
      >
        <label htmlFor={textId}>Command line or JSON entry</label>
        <textarea
          id={textId}
          rows={5}
          value={text}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setRows(null);
          }}
          {...marked('text')}
        />
        {noteAt('text')}
        <label htmlFor={nameId}>Name (for a command line or an entry without one)</label>
        <input
          id={nameId}
          type="text"
          value={name}
          autoComplete="off"
          placeholder="from the command"
          onChange={(event) => {
            setName(event.target.value);
            setRows(null);
          }}
          {...marked('name')}
        />
        {noteAt('name')}
        <div className="form-buttons">
          <button type="submit" className={`button ${rows ? '' : 'primary'}`.trim()}>
            Read it
          </button>
          <DialogCancel />
        </div>
      </form>
      {rows && (
        <section aria-labelledby="paste-preview-title" className="paste-preview">
          <h3 id="paste-preview-title">What will be added</h3>
          <ul className="pasted-list">
            {rows.map((row) => (
              <PastedServer key={row.name} row={row} />
            ))}
          </ul>
          <p className="muted">Secret-named values (…_TOKEN, …_KEY, Authorization) go to the vault; mcp.json refers to them.</p>
          {error?.at === 'add' && <ErrorNote error={error.shown} />}
          <div className="form-buttons">
            <button type="button" className="button primary" disabled={busy} onClick={() => void add()}>
              {busy ? 'Adding…' : rows.length === 1 ? 'Add service' : `Add ${plural(rows.length, 'service')}`}
            </button>
          </div>
        </section>
      )}
    </Dialog>
  );
}
