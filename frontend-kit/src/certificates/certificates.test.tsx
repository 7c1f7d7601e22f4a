import { fireEvent, render, screen } from '@testing-library/react';
import { CertificateSearch, CertificateStatusPill, NoCertificatesFound } from '.';

describe('certificate pieces', () => {
  it('names each status in its pill', () => {
    render(
      <>
        <CertificateStatusPill status="valid" />
        <CertificateStatusPill status="superseded" />
      </>,
    );
    expect(screen.getByText('Valid')).toBeTruthy();
    expect(screen.getByText('Superseded')).toBeTruthy();
  });

  it('searches by course or code and clears a search that found nothing', () => {
    const onChange = vi.fn();
    const onClearSearch = vi.fn();
    render(
      <>
        <CertificateSearch value="" onChange={onChange} />
        <NoCertificatesFound text="No certificates were found matching your request." onClearSearch={onClearSearch} />
      </>,
    );
    expect(screen.getByRole('searchbox', { name: 'Search certificates' }).getAttribute('placeholder')).toBe('Course or certificate code');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onClearSearch).toHaveBeenCalled();
  });
});
