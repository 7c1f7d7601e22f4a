import { act, render, screen } from '@testing-library/react';
import { leavePageNotice, PAGE_NOTICE_MAX_AGE_MS, takePageNotice } from './page-notice';
import { PageNoticeBanner } from './page-notice-banner';

afterEach(() => window.sessionStorage.clear());

describe('page notices', () => {
  it('survive until the page they were left for takes them, once', () => {
    leavePageNotice({ tone: 'success', text: 'Successfully mimicked the company!', at: '/' }, 1000);
    expect(takePageNotice('/courses', 2000)).toBeNull();
    expect(takePageNotice('/', 2000)).toEqual({ tone: 'success', text: 'Successfully mimicked the company!', at: '/' });
    expect(takePageNotice('/', 2000)).toBeNull();
  });

  it('are dropped unseen once stale, or when unreadable', () => {
    leavePageNotice({ tone: 'success', text: 'Old', at: '/' }, 1000);
    expect(takePageNotice('/', 1000 + PAGE_NOTICE_MAX_AGE_MS + 1)).toBeNull();
    window.sessionStorage.setItem('portal:page-notice', '{not json');
    expect(takePageNotice('/')).toBeNull();
  });

  it('show on their page, a success hiding itself after 5000 ms', () => {
    vi.useFakeTimers();
    try {
      leavePageNotice({ tone: 'success', text: 'Well done!', at: '/' });
      render(<PageNoticeBanner path="/" />);
      expect(screen.getByRole('status').textContent).toContain('Well done!');
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.queryByText('Well done!')).toBeNull();
      expect(window.sessionStorage.getItem('portal:page-notice')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
