import { Component, type ReactNode } from 'react';
import type { SessionUser } from '@portal/contracts';
import { ErrorPage } from './error-page';

interface Props {
  children: ReactNode;
  user?: SessionUser | null;
  isDevelopment?: boolean;
}

/** Renders the Error page instead of a blank screen when anything below throws while rendering. */
export class ErrorBoundary extends Component<Props, { error: unknown; hasError: boolean }> {
  override state = { error: undefined as unknown, hasError: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The portal failed while rendering', error);
  }

  override render() {
    if (this.state.hasError) {
      return <ErrorPage error={this.state.error} user={this.props.user ?? null} isDevelopment={this.props.isDevelopment ?? false} />;
    }
    return this.props.children;
  }
}
