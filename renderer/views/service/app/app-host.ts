import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallResult, ToolInfo } from '../../../../shared/api';
import { limitAppCalls, type AppCallTool, type PageAppCalls } from './app-call-limit';
import { FrameTransport } from './frame-transport';

/** What an app said that the screen shows and nothing else receives (SEP-1865 ui/message, ui/update-model-context, logging). */
export interface AppNote {
  kind: 'message' | 'context' | 'log' | 'call' | 'link' | 'refused';
  text: string;
}

export interface AppHostOptions {
  api: { callAppTool: AppCallTool };
  /** The page's count of app calls in flight (tests; the page's own by default). */
  page?: PageAppCalls;
  appId: string;
  frame: HTMLIFrameElement;
  tool: ToolInfo;
  args: Record<string, unknown>;
  result: CallResult;
  version: string;
  onHeight: (height: number) => void;
  onNote: (note: AppNote) => void;
  /** The app answered the host's handshake (`ui/notifications/initialized`). */
  onStarted: () => void;
  /** The app asks to open an address (ui/open-link): resolves whether the person had it opened (app-links.ts). */
  onOpenLink: (url: string) => Promise<boolean>;
  /** The app flooded its channel or asked to be torn down: the screen closes it. */
  onStop: (why: 'flood' | 'teardown') => void;
}

/** Bounds of the frame's height, whatever the app asks (px). */
export const MIN_HEIGHT = 80;
export const MAX_HEIGHT = 720;
const MAX_NOTE = 2000;

export const clampHeight = (height: number): number => Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Number.isFinite(height) ? height : MIN_HEIGHT)));

/** The text of content blocks an app sent, bounded; other blocks are named by their type. */
function textOf(blocks: unknown): string {
  if (!Array.isArray(blocks)) return '';
  const text = blocks
    .map((block: unknown) => {
      const b = block as { type?: unknown; text?: unknown };
      return b.type === 'text' && typeof b.text === 'string' ? b.text : `[${String(b.type)}]`;
    })
    .join('\n');
  return text.length > MAX_NOTE ? `${text.slice(0, MAX_NOTE)}…` : text;
}

/**
 * The host side of one app (SEP-1865) through the extension's AppBridge: `ui/initialize` answered
 * with what this host does, the tool's input and result sent once the app is initialized, the
 * app's tool calls through `callAppTool` (the core checks server, visibility and tier), its messages
 * and context updates shown, never sent on, an address it asks to open left to the person. The bridge talks over a bounded FrameTransport.
 */
export async function connectAppHost(options: AppHostOptions): Promise<{ close: () => Promise<void> }> {
  const { api, appId, tool, onNote } = options;
  const calls = limitAppCalls((input, signal) => api.callAppTool(input, signal), options.page);
  const bridge = new AppBridge(
    null,
    { name: 'Connected Services', version: options.version },
    { serverTools: {}, logging: {}, message: { text: {} }, updateModelContext: { text: {} }, openLinks: {} },
    {
      hostContext: {
        displayMode: 'inline',
        availableDisplayModes: ['inline'],
        theme: 'light',
        locale: navigator.language,
        containerDimensions: { maxHeight: MAX_HEIGHT },
        toolInfo: { tool: { name: tool.name, inputSchema: tool.inputSchema as Tool['inputSchema'], ...(tool.description !== undefined ? { description: tool.description } : {}) } },
      },
    },
  );
  bridge.oninitialized = () => {
    options.onStarted();
    void bridge.sendToolInput({ arguments: options.args }).then(() => bridge.sendToolResult(options.result as CallToolResult));
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) options.onHeight(clampHeight(height));
  };
  bridge.onmessage = (params) => {
    onNote({ kind: 'message', text: textOf(params.content) });
    return Promise.resolve({});
  };
  bridge.onupdatemodelcontext = (params) => {
    onNote({ kind: 'context', text: textOf(params.content) || (params.structuredContent !== undefined ? JSON.stringify(params.structuredContent).slice(0, MAX_NOTE) : '') });
    return Promise.resolve({});
  };
  bridge.onloggingmessage = (params) => onNote({ kind: 'log', text: `${params.level}: ${String(JSON.stringify(params.data)).slice(0, MAX_NOTE)}` });
  bridge.onrequestteardown = () => options.onStop('teardown');
  // Opened only when the person says so, after the core's check; never on the app's word.
  bridge.onopenlink = async ({ url }) => ((await options.onOpenLink(url)) ? {} : { isError: true });
  bridge.oncalltool = async (params) => {
    try {
      const result = await calls.call({ appId, tool: params.name, ...(params.arguments !== undefined ? { arguments: params.arguments } : {}) });
      onNote({ kind: 'call', text: `ran ${params.name}` });
      return result as CallToolResult;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      onNote({ kind: 'call', text: `${params.name} refused: ${message}` });
      throw error;
    }
  };
  const transport = new FrameTransport({
    frame: options.frame,
    onFlood: () => {
      calls.close();
      options.onStop('flood');
    },
    onRefused: (text) => onNote({ kind: 'refused', text }),
  });
  await bridge.connect(transport);
  return {
    close: () => {
      calls.close();
      return bridge.close();
    },
  };
}
