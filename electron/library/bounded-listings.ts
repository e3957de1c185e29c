import { LISTED_DESCRIPTION_CUT_NOTE, MAX_LISTED_DESCRIPTION, type ApiOutput, type PromptInfo, type ToolInfo } from '../../shared/api';
import { cutText } from '../../shared/text';

/*
 * A server writes its descriptions, and a program hands them on (often whole into a model's context):
 * cut at the figure an agent's listing is cut at, with the same note. Names stay exact: a program
 * calls with them.
 */

function bounded<T extends { description?: string | undefined }>(item: T): T {
  const { description } = item;
  if (description === undefined || description.length <= MAX_LISTED_DESCRIPTION) return item;
  return { ...item, description: `${cutText(description, MAX_LISTED_DESCRIPTION)} ${LISTED_DESCRIPTION_CUT_NOTE}` };
}

export function boundedTools(tools: ToolInfo[]): ToolInfo[] {
  return tools.map(bounded);
}

export function boundedPrompts(prompts: PromptInfo[]): PromptInfo[] {
  return prompts.map(bounded);
}

export function boundedResources(listing: ApiOutput<'listResources'>): ApiOutput<'listResources'> {
  return { ...listing, resources: listing.resources.map(bounded), templates: listing.templates.map(bounded) };
}
