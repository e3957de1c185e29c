import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AgentView } from '../../../shared/api';
import { ErrorNote, useLeaveGuard } from '../../components';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { asksOf, ELICITATION_CHOICES, ELICITATION_QUESTION, ROOTS_CHOICES, ROOTS_QUESTION, SAMPLING_CHOICES, SAMPLING_QUESTION, type AgentAsks, type Choice } from './agent-asks';

export interface AsksFormProps {
  agent: AgentView;
  onSaved: () => void;
  onCancel: () => void;
}

function ChoiceGroup<T extends string>(props: { legend: string; name: string; choices: ReadonlyArray<Choice<T>>; value: T; disabled: boolean; onChange: (value: T) => void }) {
  return (
    <fieldset className="asks-group" disabled={props.disabled}>
      <legend>{props.legend}</legend>
      {props.choices.map((choice) => (
        <label key={choice.value} className="asks-choice">
          <input type="radio" name={props.name} value={choice.value} checked={props.value === choice.value} onChange={() => props.onChange(choice.value)} />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Where a service's requests during this agent's calls go: elicitation to the agent or the person; sampling approved or refused. */
export function AsksForm({ agent, onSaved, onCancel }: AsksFormProps) {
  const live = useLive();
  const name = useId();
  const [asks, setAsks] = useState<AgentAsks>(() => asksOf(agent));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  useLeaveGuard(JSON.stringify(asks) !== JSON.stringify(asksOf(agent)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    live.api.updateAgent({ name: agent.name, asks }).then(onSaved, (failure: unknown) => {
      setError(describeError(failure));
      setBusy(false);
    });
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <form className="asks-form" aria-label={`When services ask, for ${agent.name}`} onSubmit={submit} onKeyDown={escape}>
      {error && <ErrorNote error={error} />}
      <ChoiceGroup
        legend={ELICITATION_QUESTION}
        name={`${name}-elicitation`}
        choices={ELICITATION_CHOICES}
        value={asks.elicitation}
        disabled={busy}
        onChange={(elicitation) => setAsks((a) => ({ ...a, elicitation }))}
      />
      <ChoiceGroup
        legend={SAMPLING_QUESTION}
        name={`${name}-sampling`}
        choices={SAMPLING_CHOICES}
        value={asks.sampling}
        disabled={busy}
        onChange={(sampling) => setAsks((a) => ({ ...a, sampling }))}
      />
      <ChoiceGroup
        legend={ROOTS_QUESTION}
        name={`${name}-roots`}
        choices={ROOTS_CHOICES}
        value={asks.roots}
        disabled={busy}
        onChange={(roots) => setAsks((a) => ({ ...a, roots }))}
      />
      <div className="button-row">
        <button type="submit" className="button small primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button small" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
