import { useEffect, useMemo, useRef, useState } from 'react';
import type { ServerStatus } from '../../../shared/api';
import { MAX_TITLE, cutText } from '../../../shared/text';
import { LoadingSkeleton } from '../../components';
import { routeHref, shownLine } from '../../lib';
import { useLive, useStore } from '../../state';
import { AnnotationBadges } from './annotation-badges';
import { AppBadge } from './app-badge';
import { roomForRow, rowScrollChange } from './stacked-scroll';
import { ToolDetail } from './tool-detail';

/** A description's first sentence or line, short enough for a list. */
export function firstLine(text: string): string {
  const line = (text.split(/\n|(?<=[.!?])\s/)[0] ?? text).trim();
  // By code points: a cut through a surrogate pair would show a broken character.
  return cutText(line, 90);
}

/** Scrolls only the list's own box: the row's own scrollIntoView also moves the page, which the heading's scroll then moves again. */
function keepRowInBox(box: HTMLElement, row: HTMLElement): void {
  const at = row.getBoundingClientRect();
  box.scrollTop += rowScrollChange({ top: box.getBoundingClientRect().top + box.clientTop, height: box.clientHeight }, { top: at.top, height: at.height });
}

/**
 * At a narrow width the details sit below the list, off screen once the list fills the window: the
 * chosen tool's heading comes to the top and takes focus. Beside the list (wide) nothing moves.
 */
function bringIntoViewWhenStacked(list: HTMLElement, pane: HTMLElement): void {
  const shelf = list.getBoundingClientRect();
  // A list with no height has no layout (hidden, or not yet drawn): nothing to bring into view.
  if (shelf.height === 0 || pane.getBoundingClientRect().top < shelf.bottom) return;
  // The list, grown with the page until a tool is chosen, shrinks to its own scroll box at the top:
  // a row far down would be out of its view. First, so the page itself ends on the heading.
  const box = list.querySelector<HTMLElement>('ul');
  const row = box?.querySelector<HTMLElement>('a[aria-current="page"]');
  if (box && row) keepRowInBox(box, row);
  const heading = pane.querySelector<HTMLElement>('h2');
  if (!heading) return;
  heading.focus({ preventScroll: true });
  // The heading at the window's top took the chosen row above it out of the window: the page stops
  // with that row at the top, the details below it. scrollIntoView honours the heading's scroll-margin.
  if (row) heading.style.scrollMarginTop = `${roomForRow(heading.getBoundingClientRect().top, row.getBoundingClientRect().top)}px`;
  heading.scrollIntoView?.({ block: 'start' });
  heading.style.removeProperty('scroll-margin-top');
}

/** The server's tools (from its cached inventory until it starts), and the selected one. */
export function ToolsPanel({ status, selected }: { status: ServerStatus; selected: string | undefined }) {
  const live = useLive();
  const { byServer, loaded } = useStore(live.tools);
  const tools = byServer.get(status.name);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    // The store loads every server's tools at start; a server added since needs its own fetch.
    if (loaded && tools === undefined && status.toolCount > 0) void live.tools.reload(status.name);
  }, [live, loaded, tools, status.name, status.toolCount]);

  const shown = useMemo(() => {
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return (tools ?? []).filter((t) => words.every((w) => `${t.name} ${t.title ?? ''} ${t.description ?? ''}`.toLowerCase().includes(w)));
  }, [tools, filter]);
  const tool = tools?.find((t) => t.name === selected);
  const list = useRef<HTMLElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  // The tool the page opened on is where the address already points: only a tool chosen since moves the view.
  const shownTool = useRef(selected);

  useEffect(() => {
    // Back on the plain list nothing is shown: the same tool chosen again moves the view again.
    if (selected === undefined) shownTool.current = undefined;
    if (tool === undefined || tool.name === shownTool.current) return;
    shownTool.current = tool.name;
    if (list.current && pane.current) bringIntoViewWhenStacked(list.current, pane.current);
  }, [tool, selected]);

  if (!tools || tools.length === 0) {
    // Its tools are listed once it runs: which button starts it (Connect, Start, Restart) is the page's next step.
    return loaded ? <p className="empty">No tools known yet: they are listed once the service runs.</p> : <LoadingSkeleton label="Loading tools" />;
  }
  return (
    <div className="split">
      <nav ref={list} className={tool ? 'tool-list' : 'tool-list tool-list-unchosen'} aria-label={`Tools of ${status.name}`}>
        <input type="search" aria-label="Filter tools" placeholder="Filter tools" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <ul>
          {shown.map((t) => (
            <li key={t.name}>
              <a
                href={routeHref({ screen: 'service', server: status.name, tab: 'tools', tool: t.name })}
                aria-current={t.name === selected ? 'page' : undefined}
              >
                <span className="tool-name">{shownLine(t.name)}</span>
                {t.title !== undefined && t.title !== t.name && <span className="tool-title">{shownLine(t.title, MAX_TITLE)}</span>}
                {t.description !== undefined && <span className="tool-summary">{shownLine(firstLine(t.description))}</span>}
                <AnnotationBadges tool={t} />
                <AppBadge tool={t} />
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="tool-pane" ref={pane}>
        {tool ? <ToolDetail tool={tool} /> : <p className="empty">{selected !== undefined ? `No tool named ${shownLine(selected)}.` : 'Choose a tool to see its details and try it.'}</p>}
      </div>
    </div>
  );
}
