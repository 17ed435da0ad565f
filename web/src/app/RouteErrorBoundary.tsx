import { Component, type ErrorInfo, type ReactNode } from 'react';
import ErrorFallbackPage from '../features/errors/components/ErrorFallbackPage';

interface Props {
  /** The location's key: moving to another address clears a failure. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failedAt: string | null;
}

/** Catches what a page (or loading a page's code) throws: logs it and shows the fallback page. */
export default class RouteErrorBoundary extends Component<Props, State> {
  state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    // The key is filled in by getDerivedStateFromProps below.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Route error', error, info.componentStack);
  }

  render() {
    return this.state.failedAt === null ? this.props.children : <ErrorFallbackPage />;
  }
}
