import { Component, type ErrorInfo, type ReactNode } from 'react';
import ErrorFallbackPage from '../features/errors/components/ErrorFallbackPage';

interface State {
  failed: boolean;
}

/** Catches errors outside the router (providers, configuration) and shows the fallback page. */
export default class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled error', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ErrorFallbackPage /> : this.props.children;
  }
}
