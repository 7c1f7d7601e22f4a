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
