import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorNote } from './error-note';

export interface ErrorBoundaryProps {
  /** What could not be shown, for the message ("this screen", "the form of echo"). */
  what: string;
  /** What the person can do instead. */
  hint: string;
  /** What it shows (a route): when this changes a failure shown is cleared and the children tried again. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string | undefined;
}

/**
 * Keeps a failure while rendering (a malformed schema from a server, say) to the part that failed:
 * without it React unmounts the whole app and the navigation goes with it. Give it a `resetKey`
 * (or a `key`, which also remounts what it holds) that changes with what it shows, so the next
 * screen or tool gets a fresh try.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`could not show ${this.props.what}`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error) return <ErrorNote error={{ message: `Could not show ${this.props.what}: ${this.state.error.message}`, hint: this.props.hint }} />;
    return this.props.children;
  }
}
