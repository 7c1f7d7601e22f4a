import { Component, type ReactNode } from 'react';
import { RemoteFallback } from './remote-fallback';

interface Props {
  children: ReactNode;
  onRetry: () => void;
}

/** A remote page that throws while rendering degrades to the fallback, not a blank portal. */
export class RemoteBoundary extends Component<Props, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A remote page failed while rendering', error);
  }

  override render() {
    if (this.state.hasError) return <RemoteFallback onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
