import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorNote } from './error-note';

export interface ErrorBoundaryProps {
  /** What could not be shown, for the message ("this screen", "the form of echo"). */
  what: string;
  /** What the person can do instead. */
  hint: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Keeps a failure while rendering (a malformed schema from a server, say) to the part that failed:
 * without it React unmounts the whole app and the navigation goes with it. Give it a `key` that
 * changes with what it shows, so the next screen or tool gets a fresh try.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`could not show ${this.props.what}`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error) return <ErrorNote error={{ message: `Could not show ${this.props.what}: ${this.state.error.message}`, hint: this.props.hint }} />;
    return this.props.children;
  }
}
