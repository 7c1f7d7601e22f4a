import { render, screen } from '@testing-library/react';
import type { RemotePageProps } from '../remotes/remote-page-props';
import { DevHarness } from './dev-harness';

function ProbePage({ api, session }: RemotePageProps) {
  return <p data-testid="probe">{`${typeof api.call} ${session ? 'with session' : 'without session'}`}</p>;
}

describe('DevHarness', () => {
  it("renders the remote's page at its path with a client and no session when none is needed", () => {
    window.history.pushState({}, '', '/verify');
    render(<DevHarness needsSession={false} pages={[{ path: '/verify', Page: ProbePage }]} />);
    expect(screen.getByTestId('probe').textContent).toBe('function without session');
    expect(screen.getByRole('link', { name: '/verify' }).getAttribute('href')).toBe('/verify');
  });
});
