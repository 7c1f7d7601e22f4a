import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CREDIT_PURCHASE_URL, type LearnerEnrolment } from '@portal/contracts';
import { publishSiteSettings, resetSiteSettings } from '@portal/frontend-kit';
import { CourseCard } from './course-card';

const expired: LearnerEnrolment = {
  id: 5,
  course: { id: 9, name: 'Working at height', description: '<p>Ladders</p>', wp_link: null },
  state: 'expired',
  passed: true,
  passed_at: '2023-06-15T12:00:00.000Z',
  expired: true,
  expired_at: '2025-06-15T12:00:00.000Z',
  in_progress: false,
  not_started: false,
  failed: false,
  certificate_code: null,
  reviews_link: null,
  progress: null,
};

const renew = () => screen.getByRole('link', { name: /Renew/ });

describe('the expired card’s Renew link', () => {
  afterEach(() => act(() => resetSiteSettings()));

  it('goes to the credit purchase address of the Site tab as the shell published it', () => {
    render(
      <MemoryRouter>
        <CourseCard enrollment={expired} />
      </MemoryRouter>,
    );
    expect(renew().getAttribute('href')).toBe(CREDIT_PURCHASE_URL);
    act(() => publishSiteSettings({ credit_purchase_url: 'https://buy.example.test/credits' }));
    expect(renew().getAttribute('href')).toBe('https://buy.example.test/credits');
  });

  it('prefers the course’s own page when it has one', () => {
    act(() => publishSiteSettings({ credit_purchase_url: 'https://buy.example.test/credits' }));
    render(
      <MemoryRouter>
        <CourseCard enrollment={{ ...expired, course: { ...expired.course, wp_link: 'https://example.test/height' } }} />
      </MemoryRouter>,
    );
    expect(renew().getAttribute('href')).toBe('https://example.test/height');
  });
});

describe('a re-enrolled course’s card (issue 32 item 4)', () => {
  it('says it was renewed and when the previous pass expired, and offers no Renew link', () => {
    render(
      <MemoryRouter>
        <CourseCard
          enrollment={{
            ...expired,
            id: 6,
            state: 'not-started',
            passed: false,
            passed_at: null,
            expired: false,
            expired_at: null,
            not_started: true,
            renewal: {
              renewed_at: '2026-06-01T10:00:00.000Z',
              previous_passed_at: '2023-06-15T12:00:00.000Z',
              previous_expires_at: '2025-06-15T12:00:00.000Z',
              previous_expired: true,
            },
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('course-renewal').textContent).toBe('Renewed on 01/06/2026, previous pass expired 15/06/2025');
    expect(screen.queryByRole('link', { name: /Renew/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Start Course/ })).toBeTruthy();
  });
});
