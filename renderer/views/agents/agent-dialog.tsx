import { useMemo, useState } from 'react';
import type { AgentView, ConfigTarget } from '../../../shared/api';
import { FormDialog } from '../../forms';
import { describeError, type ShownError } from '../../lib';
import { useLive, useStore } from '../../state';
import { agentFormData, agentFormSchema, agentInput, agentUiSchema, checkAgentName, targetOf, type AgentFormData } from './agent-form-schema';

export interface AgentDialogProps {
  /** Absent: create a new agent. */
  agent?: AgentView;
  onClose: () => void;
  onSaved: () => void;
  /** Called with the new token after a create, and the client whose configuration to show (none: the one the core assumes). */
  onCreated: (name: string, token: string, target: ConfigTarget | undefined) => void;
  /** Where focus goes when the dialog closes after its work (the new token, to be copied now). */
  settledFocus?: () => HTMLElement | null;
}

/** Create an agent, or edit which services it may use and its per-tier policy. */
export function AgentDialog({ agent, onClose, onSaved, onCreated, settledFocus }: AgentDialogProps) {
  const live = useLive();
  const { servers } = useStore(live.servers);
  const names = useMemo(() => servers.map((s) => s.name), [servers]);
  const editing = agent !== undefined;
  const schema = useMemo(() => agentFormSchema(names, editing), [names, editing]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);

  const submit = (data: AgentFormData) => {
    setBusy(true);
    setError(null);
    const input = agentInput(data);
    const done = agent
      ? // Editing, "no client" forgets the one it had.
        live.api.updateAgent(input.client === undefined && agent.client !== undefined ? { ...input, client: null } : input).then(() => {
          onSaved();
          onClose();
        })
      : live.api.addAgent(input).then(({ agent: created, token }) => onCreated(created.name, token, targetOf(data)));
    done.catch((failure: unknown) => {
      setError(describeError(failure));
      setBusy(false);
    });
  };

  const title = agent ? `Access of ${agent.name}` : 'Create an agent';
  return (
    <FormDialog<AgentFormData>
      title={title}
      onClose={onClose}
      error={error}
      {...(settledFocus ? { settledFocus } : {})}
      form={{
        idPrefix: agent ? 'edit-agent' : 'new-agent',
        label: title,
        schema,
        uiSchema: agentUiSchema(agent !== undefined),
        ...(agent ? { formData: agentFormData(agent) } : {}),
        submitText: busy ? 'Saving…' : agent ? 'Save access' : 'Create agent',
        disabled: busy,
        onSubmit: submit,
        // Editing, the name cannot change.
        ...(agent ? {} : { customValidate: checkAgentName }),
      }}
    >
      {!agent && (
        <p className="muted">
          An agent is one AI app on this computer, such as Claude or Cursor. It gets its own token. Choose which services it may use and when it
          must ask you first; you can change this later on its card.
        </p>
      )}
    </FormDialog>
  );
}
