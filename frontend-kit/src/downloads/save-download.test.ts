import { downloadName, saveDownload } from './save-download';

describe('downloadName', () => {
  it('reads the quoted, bare and encoded forms', () => {
    expect(downloadName('attachment; filename="10-05-2026_report.xlsx"', 'x')).toBe('10-05-2026_report.xlsx');
    expect(downloadName('attachment; filename=10-05-2026_login_codes.xlsx', 'x')).toBe('10-05-2026_login_codes.xlsx');
    expect(downloadName('attachment; filename="a.xlsx"; filename*=UTF-8\'\'b%20c.xlsx', 'x')).toBe('b c.xlsx');
  });

  it('falls back without a header', () => {
    expect(downloadName(null, 'report.xlsx')).toBe('report.xlsx');
    expect(downloadName('inline', 'report.xlsx')).toBe('report.xlsx');
  });
});

describe('saveDownload', () => {
  // jsdom has no blob addresses: the test lends URL the two functions and gives them back.
  const { createObjectURL: originalCreate, revokeObjectURL: originalRevoke } = URL;
  afterEach(() => {
    Object.assign(URL, { createObjectURL: originalCreate, revokeObjectURL: originalRevoke });
    vi.useRealTimers();
  });

  it('clicks a link to the blob, named as the server says, then frees the address', async () => {
    vi.useFakeTimers();
    const createObjectURL = vi.fn(() => 'blob:download-1');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { href: string; download: string; isAttached: boolean }[] = [];
    const onClick = (event: Event) => {
      const link = event.target as HTMLAnchorElement;
      event.preventDefault();
      clicked.push({ href: link.getAttribute('href') ?? '', download: link.download, isAttached: link.isConnected });
    };
    document.addEventListener('click', onClick);
    try {
      const response = new Response('a,b', { headers: { 'content-disposition': 'attachment; filename="report.csv"' } });
      await expect(saveDownload(response, 'fallback.csv')).resolves.toBe('report.csv');
    } finally {
      document.removeEventListener('click', onClick);
    }
    expect(clicked).toEqual([{ href: 'blob:download-1', download: 'report.csv', isAttached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:download-1');
  });
});
