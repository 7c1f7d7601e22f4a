import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { tileStorageKey } from '../tile-selection';
import { landingAddress, useReportingLanding } from './use-reporting-landing';

const storageWith = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

describe('landingAddress', () => {
  it("turns the Dashboard's c and s into filters", () => {
    expect(landingAddress(new URLSearchParams('c=1,2&s=3'), 2, null, storageWith({}))).toBe('status=passed&courses=1%2C2');
  });

  it('applies the stored tiles when the address names no courses', () => {
    const storage = storageWith({ [tileStorageKey(2)]: '[4]' });
    expect(landingAddress(new URLSearchParams('status=failed'), 2, null, storage)).toBe('status=failed&courses=4');
    expect(landingAddress(new URLSearchParams('courses=5'), 2, null, storage)).toBeNull();
  });

  it('stays where it is unless a notice must leave the history state', () => {
    expect(landingAddress(new URLSearchParams('status=failed'), 2, null, storageWith({}))).toBeNull();
    expect(landingAddress(new URLSearchParams('status=failed'), 2, { reportingNotice: {} }, storageWith({}))).toBe('status=failed');
  });
});

describe('useReportingLanding', () => {
  afterEach(() => window.localStorage.clear());

  function renderLanding(entry: string) {
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>;
    return renderHook(() => ({ ...useReportingLanding(2), search: useLocation().search }), { wrapper });
  }

  it('lands at once on an ordinary address and remembers the tiles', () => {
    const { result } = renderLanding('/reporting?courses=7');
    expect(result.current).toEqual({ hasLanded: true, isLandingFiltered: false, search: '?courses=7' });
    expect(window.localStorage.getItem(tileStorageKey(2))).toBe('[7]');
  });

  it('rewrites the entry address first, then lands with the filter panel wanted', async () => {
    const { result } = renderLanding('/reporting?c=1&s=4');
    await waitFor(() => expect(result.current.hasLanded).toBe(true));
    expect(result.current).toEqual({ hasLanded: true, isLandingFiltered: true, search: '?status=failed&courses=1' });
  });
});
