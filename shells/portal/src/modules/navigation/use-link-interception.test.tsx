import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { useLinkInterception } from './use-link-interception';

function Page() {
  useLinkInterception();
  const location = useLocation();
  return (
    <>
      <output data-testid="address">{location.pathname + location.search + location.hash}</output>
      <a href="/reporting?s=3">Courses passed</a>
      <a href="/courses#top">Courses</a>
      <a href="/logout">Log out</a>
      <a href="https://shop.safetytraining.test/credits">Buy credit</a>
      <a href="/reporting" target="_blank">
        Reporting in a new tab
      </a>
      <a href="/api/enrollments/5/certificate" download>
        Certificate
      </a>
      <a href="/account" onClick={(event) => event.preventDefault()}>
        Handled by the page
      </a>
    </>
  );
}

/** Clicks a link; whether the hook took it over, and where the portal is now. */
function click(name: string, init: MouseEventInit = {}) {
  let wasPrevented = false;
  // After the hook's document listener: note the outcome, and keep jsdom from navigating.
  const settle = (event: Event) => {
    wasPrevented = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', settle);
  fireEvent.click(screen.getByRole('link', { name }), init);
  window.removeEventListener('click', settle);
  return { wasPrevented, address: screen.getByTestId('address').textContent };
}

describe('useLinkInterception', () => {
  beforeEach(() => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Page />
      </MemoryRouter>,
    );
  });

  it('turns a plain link to a portal page into a client-side navigation', () => {
    expect(click('Courses passed')).toEqual({ wasPrevented: true, address: '/reporting?s=3' });
    expect(click('Courses')).toEqual({ wasPrevented: true, address: '/courses#top' });
  });

  it.each(['Log out', 'Buy credit', 'Reporting in a new tab', 'Certificate'])('leaves "%s" to the browser', (name) => {
    expect(click(name)).toEqual({ wasPrevented: false, address: '/' });
  });

  it('leaves modified clicks and links a page handles itself alone', () => {
    expect(click('Courses passed', { ctrlKey: true })).toEqual({ wasPrevented: false, address: '/' });
    expect(click('Courses passed', { button: 1 })).toEqual({ wasPrevented: false, address: '/' });
    expect(click('Handled by the page').address).toBe('/');
  });
});
