import { revealHidden } from '../../../shared/text';
import { useLive, useStore } from '../../state';

/** The title its server gives the tool, if the app has listed it (a server's words: hidden characters shown). */
export function useToolTitle(server: string, tool: string): string | undefined {
  const live = useLive();
  const { byServer } = useStore(live.tools);
  const title = byServer.get(server)?.find((t) => t.name === tool)?.title;
  return title === undefined || title === tool ? undefined : revealHidden(title);
}

/**
 * A call's tool title after its name and server: the title is the server's own words, so it never
 * leads what is asked.
 */
export function ToolTitle({ server, tool }: { server: string; tool: string }) {
  const title = useToolTitle(server, tool);
  return title === undefined ? null : <>, titled “{title}”</>;
}
