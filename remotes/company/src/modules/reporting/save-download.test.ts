import { downloadName } from './save-download';

describe('downloadName', () => {
  it('reads the quoted, bare and encoded forms', () => {
    expect(downloadName('attachment; filename="10-05-2026_report.xlsx"', 'x')).toBe('10-05-2026_report.xlsx');
    expect(downloadName('attachment; filename=10-05-2026_login_codes.xlsx', 'x')).toBe('10-05-2026_login_codes.xlsx');
    expect(downloadName("attachment; filename=\"a.xlsx\"; filename*=UTF-8''b%20c.xlsx", 'x')).toBe('b c.xlsx');
  });

  it('falls back without a header', () => {
    expect(downloadName(null, 'report.xlsx')).toBe('report.xlsx');
    expect(downloadName('inline', 'report.xlsx')).toBe('report.xlsx');
  });
});
