import type { ApiEvent, ApiEventPayload } from '../../../shared/api';
import { Emitter } from '../../../shared/events';

type ApiEventMap = { [E in ApiEvent]: ApiEventPayload<E> };

/** Fan-out of App API events to the UI transports (IPC, SSE). A failing listener never breaks the others. */
export class EventHub extends Emitter<ApiEventMap> {}
