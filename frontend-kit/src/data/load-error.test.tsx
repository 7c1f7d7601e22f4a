import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@portal/contracts';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it("shows the server's message for a client error and retries on click", () => {
    const onRetry = vi.fn();
    render(<LoadError error={new ApiError(404, { message: 'No such certificate' })} onRetry={onRetry} what="the certificate" />);

    expect(screen.getByTestId('load-error').textContent).toContain("We couldn't load the certificate");
    expect(screen.getByText('No such certificate')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('hides server errors and unknown failures behind a generic message', () => {
    render(<LoadError error={new ApiError(500, { message: 'stack trace' })} onRetry={() => {}} what="your courses" />);
    expect(screen.queryByText('stack trace')).toBeNull();
    expect(screen.getByText('Something went wrong on our side. Please try again in a moment.')).toBeTruthy();
  });
});
