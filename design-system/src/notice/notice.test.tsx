import { act, fireEvent, render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { Notice } from './notice';

describe('Notice', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has no accessibility violations in every tone', async () => {
    const { container } = render(
      <>
        <Notice tone="info">Please wait.. this may take a minute.</Notice>
        <Notice tone="success" title="Saved" onDismiss={() => {}}>
          Company details updated.
        </Notice>
        <Notice tone="warning">No login codes available to download</Notice>
        <Notice tone="error" title="Error">
          Failed to generate report
        </Notice>
      </>,
    );
    await expectNoAxeViolations(container);
  });

  it('uses role=status for non-errors and role=alert for errors', () => {
    render(
      <>
        <Notice tone="success">Copied!</Notice>
        <Notice tone="error">Could not copy</Notice>
      </>,
    );
    expect(screen.getByRole('status').textContent).toContain('Copied!');
    expect(screen.getByRole('alert').textContent).toContain('Could not copy');
  });

  it('hides itself after autoHideMs and reports it through onDismiss', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(
      <Notice tone="success" autoHideMs={5000} onDismiss={onDismiss}>
        Report generated
      </Notice>,
    );
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('stays visible without autoHideMs', () => {
    vi.useFakeTimers();
    render(<Notice tone="info">Sticky</Notice>);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('status').textContent).toContain('Sticky');
  });

  it('is dismissed by its button', () => {
    const onDismiss = vi.fn();
    render(
      <Notice tone="warning" title="Heads up" onDismiss={onDismiss}>
        Credits are low
      </Notice>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Credits are low')).toBeNull();
  });
});
