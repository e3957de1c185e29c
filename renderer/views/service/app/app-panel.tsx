import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ApiOutput, CallResult, ToolInfo } from '../../../../shared/api';
import { ErrorNote } from '../../../components';
import { describeError, type ShownError } from '../../../lib';
import { useLive, useNow, useStore } from '../../../state';
import { AppCallCard } from './app-call-card';
import { AppPermissions } from './app-permissions';
import { AppDroppedNote } from './app-dropped-note';
import { AppStartNote } from './app-start-note';
import { connectAppHost, MIN_HEIGHT, type AppNote } from './app-host';
import { AppLinkCard } from './app-link-card';
import { AppLeftNote, useFrameLeft } from './app-left';
import { useKeptApp } from './app-kept';
import { AppNotes } from './app-notes';
import { appLinkRequests, type LinkAsk } from './app-links';
import './app-panel.css';

type Opened = ApiOutput<'openApp'>;

/** While this panel's open-link card waits for the person, the status strip counts it. */
function useLinkWaiting(waiting: boolean): void {
  const { appLinks } = useLive();
  const panel = useId();
  useEffect(() => {
    if (!waiting) return undefined;
    appLinks.update((set) => new Set(set).add(panel));
    return () =>
      appLinks.update((set) => {
        const next = new Set(set);
        next.delete(panel);
        return next;
      });
  }, [appLinks, panel, waiting]);
}
/** Notes kept on screen: the newest. */
const MAX_NOTES = 50;
/**
 * A tool's MCP App beside its result (SEP-1865): a sandboxed frame on the app origin, its size
 * bounded, what it says shown here, the changes it asks for waiting for the person, and a Close
 * that works however the app behaves (it removes the frame; the core stops serving its document).
 */
export function AppPanel({ tool, args, result }: { tool: ToolInfo; args: Record<string, unknown>; result: CallResult }) {
  const live = useLive();
  const now = useNow(1000);
  const decisions = useStore(live.decisions);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [closed, setClosed] = useState<null | 'person' | 'flood' | 'teardown' | 'host' | 'expired'>(null);
  // What the host said when it closed the app itself (the desktop app's memory bound).
  const [hostNote, setHostNote] = useState('');
  const [height, setHeight] = useState(MIN_HEIGHT * 4);
  const [notes, setNotes] = useState<AppNote[]>([]);
  const [started, setStarted] = useState(false);
  const [linkAsk, setLinkAsk] = useState<LinkAsk | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // Bumped when the person changes what the server's apps may use: the app opens again with it.
  const [generation, setGeneration] = useState(0);

  // The app the host's appClosed may name: set with `opened`, read by a listener that is there from the
  // start (one added once `opened` renders would miss a close sent between the render and its effect).
  const openedId = useRef<string | null>(null);

  useEffect(() => {
    let gone = false;
    openedId.current = null;
    setOpened(null);
    live.api.openApp({ server: tool.server, tool: tool.name }).then(
      (app) => {
        if (gone) return void live.api.closeApp({ appId: app.appId }).catch(() => undefined);
        openedId.current = app.appId;
        setOpened(app);
      },
      (failure: unknown) => !gone && setError(describeError(failure)),
    );
    return () => {
      gone = true;
    };
  }, [live, tool.server, tool.name, generation]);

  useEffect(() => {
    const element = frame.current;
    if (!opened || closed !== null || !element) return undefined;
    let host: { close: () => Promise<void> } | undefined;
    let over = false;
    setStarted(false);
    const note = (n: AppNote) => setNotes((all) => [...all, n].slice(-MAX_NOTES));
    void connectAppHost({
      api: live.api,
      appId: opened.appId,
      frame: element,
      tool,
      args,
      result,
      version: '1',
      onHeight: setHeight,
      onNote: note,
      onOpenLink: appLinkRequests(setLinkAsk, (text) => note({ kind: 'link', text })),
      onStarted: () => setStarted(true),
      onStop: (why) => setClosed(why),
    }).then((connected) => (over ? void connected.close() : (host = connected)));
    return () => {
      over = true;
      setLinkAsk(null);
      void host?.close();
    };
  }, [live, opened, closed, tool, args, result]);

  useEffect(
    () =>
      live.api.on('appClosed', ({ appId, message }) => {
        if (appId !== openedId.current) return;
        setHostNote(message);
        setClosed('host');
      }),
    [live],
  );

  // Whatever closed it, the core stops serving the document and refuses its waiting calls.
  useEffect(() => {
    if (!opened) return undefined;
    const appId = opened.appId;
    if (closed !== null) {
      void live.api.closeApp({ appId }).catch(() => undefined);
      return undefined;
    }
    return () => void live.api.closeApp({ appId }).catch(() => undefined);
  }, [live, opened, closed]);

  useKeptApp(opened && closed === null ? opened.appId : null, useCallback(() => setClosed('expired'), []));
  useLinkWaiting(linkAsk !== null && closed === null);
  const frameLeft = useFrameLeft(opened && closed === null ? opened.appId : null);

  const waiting = opened ? decisions.flatMap((d) => (d.kind === 'appCall' && d.item.frame === opened.frame ? [d.item] : [])) : [];
  const title = `App of ${tool.name}`;
  return (
    <section className="app-panel" aria-label={title}>
      <div className="app-panel-head">
        <h3>{title}</h3>
        {opened && closed === null && (
          <button type="button" className="button small" onClick={() => setClosed('person')} aria-label={`Close the app of ${tool.name}`}>
            Close
          </button>
        )}
      </div>
      {error && <ErrorNote error={error} />}
      {opened && closed === null && <AppPermissions server={tool.server} requested={opened.requested} onChanged={() => setGeneration((g) => g + 1)} />}
      {!opened && !error && <p className="muted">Opening the app…</p>}
      {opened && <AppDroppedNote dropped={opened.dropped ?? []} />}
      {opened && <AppStartNote waiting={closed === null && !started} origins={opened.origins ?? []} />}
      {closed === null && <AppLeftNote left={frameLeft.left} tool={tool.name} />}
      {closed === 'flood' && <p className="note note-warn" role="status">The app sent too many messages, or too large ones, and was closed.</p>}
      {closed === 'teardown' && <p className="note" role="status">The app closed itself.</p>}
      {closed === 'expired' && (
        <p className="note note-warn" role="status">
          This app expired and was closed (the page lost touch with Connected Services for over ten minutes). Call the tool again to reopen it.
        </p>
      )}
      {closed === 'person' && (
        <p className="note" role="status">
          The app is closed. Press “Call {tool.name}” again to reopen it.
        </p>
      )}
      {closed === 'host' && (
        <p className="note note-warn" role="status">
          {hostNote}
        </p>
      )}
      {opened && closed === null && (
        <iframe
          ref={frame}
          title={`${tool.name} (an app of ${tool.server})`}
          src={opened.address}
          sandbox="allow-scripts"
          allow={opened.allow}
          referrerPolicy="no-referrer"
          onLoad={frameLeft.onLoad}
          className={`app-frame${opened.prefersBorder === false ? '' : ' bordered'}`}
          style={{ height: `${String(height)}px` }}
        />
      )}
      {linkAsk && closed === null && <AppLinkCard ask={linkAsk} server={tool.server} />}
      {waiting.length > 0 && (
        <ul className="card-list" aria-label="Changes the app asks for">
          {waiting.map((call) => (
            <AppCallCard key={call.id} call={call} now={now} />
          ))}
        </ul>
      )}
      <AppNotes notes={notes} />
    </section>
  );
}
