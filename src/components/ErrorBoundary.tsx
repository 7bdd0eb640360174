import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen, type ErrorScreenProps } from './ErrorScreen';

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback?: ComponentType<ErrorScreenProps>;
}

interface ErrorBoundaryState {
  error: unknown;
  errorInfo?: ErrorInfo;
  failed: boolean;
}

/** Catches render errors below it and shows the full-page ErrorScreen (or a given fallback). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, failed: true };
  }

  override componentDidCatch(_error: unknown, errorInfo: ErrorInfo): void {
    this.setState({ errorInfo });
  }

  private readonly reset = (): void => this.setState({ error: undefined, errorInfo: undefined, failed: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const Fallback = this.props.fallback ?? ErrorScreen;
    return <Fallback error={this.state.error} errorInfo={this.state.errorInfo} resetErrorBoundary={this.reset} />;
  }
}
