import { DEFAULT_AGENT_ASKS, type AgentView } from '../../../shared/api';

export type AgentAsks = NonNullable<AgentView['asks']>;
export type ElicitationChoice = AgentAsks['elicitation'];
export type SamplingChoice = AgentAsks['sampling'];
export type RootsChoice = AgentAsks['roots'];

/** The view leaves `asks` out only when a core predates it. */
export const DEFAULT_ASKS: AgentAsks = DEFAULT_AGENT_ASKS;

export function asksOf(agent: AgentView): AgentAsks {
  return { ...DEFAULT_ASKS, ...agent.asks };
}

export interface Choice<T> {
  value: T;
  /** The radio's label in the form. */
  label: string;
  /** The same choice, short, as the card shows it. */
  summary: string;
}

export const ELICITATION_QUESTION = "When a service asks for input during this agent's calls";
export const SAMPLING_QUESTION = "When a service asks for a completion from the agent's model";
export const ROOTS_QUESTION = 'When a service with no folders of its own asks which folders it may work in';

export const ELICITATION_CHOICES: ReadonlyArray<Choice<ElicitationChoice>> = [
  { value: 'allow', label: "Send it to the agent when its client can answer, otherwise to me", summary: 'to the agent when its client can, else to you' },
  { value: 'deny', label: 'Always send it to me', summary: 'always to you' },
];

export const SAMPLING_CHOICES: ReadonlyArray<Choice<SamplingChoice>> = [
  { value: 'ask', label: "Ask me each time: I see the messages before the agent's model answers", summary: 'you approve each one' },
  { value: 'deny', label: 'Refuse', summary: 'refused' },
];

export const ROOTS_CHOICES: ReadonlyArray<Choice<RootsChoice>> = [
  { value: 'allow', label: "Give it the folders the agent's client names, if it names any", summary: "the agent's client's, if it names any" },
  { value: 'deny', label: 'Give it none', summary: 'none' },
];

export function summaryOf<T>(choices: ReadonlyArray<Choice<T>>, value: T): string {
  return choices.find((c) => c.value === value)?.summary ?? String(value);
}
