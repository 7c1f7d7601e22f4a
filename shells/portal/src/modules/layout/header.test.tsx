import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEFAULT_SITE_SETTINGS } from '@portal/contracts';
import { ShellProvider } from '../session/shell-context';
import { shellData } from '../../testing/shell-data';
import { Header } from './header';

vi.mock('../api/api-client', async () => {
  const { fakeApi } = await import('@portal/frontend-kit/testing');
  return { api: fakeApi({ 'GET /api/credit-balance': () => ({ credit_balance: 12 }) }).api };
});

function renderHeader(role: 'manager' | 'learner') {
  render(
    <ShellProvider value={shellData(role)}>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </ShellProvider>,
  );
}

describe('the header’s credit pill', () => {
  it('is labelled with what the number is, and says it leads to buying more', async () => {
    renderHeader('manager');
    const pill = await screen.findByRole('link', { name: 'Credits: 12 (buy more credits)' });
    expect(pill.getAttribute('href')).toBe(DEFAULT_SITE_SETTINGS.credit_purchase_url);
    // The visible text carries the label too, not only the number.
    expect(pill.querySelector('.shell-credits__label')?.textContent).toBe('Credits:');
  });

  it('says the balance is loading rather than reading out a dash', () => {
    renderHeader('manager');
    expect(screen.getByTestId('header-credits').textContent).toContain('loading');
  });

  it('is not shown to learners', () => {
    renderHeader('learner');
    expect(screen.queryByTestId('header-credits')).toBeNull();
  });
});
