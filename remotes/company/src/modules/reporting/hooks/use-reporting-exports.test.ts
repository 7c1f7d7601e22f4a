import { act, renderHook } from '@testing-library/react';
import { CERTIFICATE_MESSAGES, REPORTING_MESSAGES } from '@portal/contracts';
import type { ListAddress } from '@portal/frontend-kit';
import { fakeApi, reply } from '@portal/frontend-kit/testing';
import { useReportingExports } from './use-reporting-exports';

const list: ListAddress = { search: '', sortBy: null, sortDir: 'asc', page: 2, perPage: 25 };

function renderExports(handlers: Parameters<typeof fakeApi>[0], pageIds: number[] | null = [7, 8]) {
  const server = fakeApi(handlers);
  const said: [string, unknown][] = [];
  const hook = renderHook(() =>
    useReportingExports({
      api: server.api,
      list,
      filters: { courses: [], status: 'passed' },
      pageIds,
      say: (tone, content) => said.push([tone, content]),
    }),
  );
  return { ...hook, server, said };
}

describe('useReportingExports', () => {
  // jsdom has neither blob addresses nor downloads: the test lends the one and stops the link's navigation.
  const { createObjectURL, revokeObjectURL } = URL;
  const stopNavigation = (event: Event) => event.preventDefault();
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined });
    document.addEventListener('click', stopNavigation);
  });
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    document.removeEventListener('click', stopNavigation);
  });

  it('exports every matching row: asks for the ids without the page, then downloads', async () => {
    const { result, server, said } = renderExports({
      'GET /api/reporting/enrolments/ids': () => ({ totalEnrollmentIDs: [1, 2, 3] }),
      'POST /api/enrollments/exportBulk': () => ({}),
    });
    await act(() => result.current.download('report'));
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/reporting/enrolments/ids',
      'POST /api/enrollments/exportBulk',
    ]);
    expect(server.requests[0]?.query.get('status')).toBe('passed');
    expect(server.requests[0]?.query.has('page')).toBe(false);
    expect(server.requests[1]?.body).toEqual({ ids: [1, 2, 3] });
    expect(said).toEqual([
      ['info', REPORTING_MESSAGES.exporting],
      ['success', 'Report downloaded successfully!'],
    ]);
    expect(result.current.exporting).toBeNull();
  });

  it("exports this page's rows when the scope says so", async () => {
    const { result, server } = renderExports({ 'POST /api/enrollments/downloadBulkCertificates': () => ({}) });
    act(() => result.current.setScope('page'));
    await act(() => result.current.download('certificates'));
    expect(server.requests.map((r) => [r.path, r.body])).toEqual([['/api/enrollments/downloadBulkCertificates', { ids: [7, 8] }]]);
  });

  it('says when there is nothing to export, and what the server refused', async () => {
    const empty = renderExports({ 'GET /api/reporting/enrolments/ids': () => ({ totalEnrollmentIDs: [] }) });
    await act(() => empty.result.current.download('certificates'));
    expect(empty.said.at(-1)).toEqual(['error', CERTIFICATE_MESSAGES.noneToDownload]);

    const refused = renderExports({
      'GET /api/reporting/enrolments/ids': () => ({ totalEnrollmentIDs: [1] }),
      'POST /api/enrollments/exportLoginCodes': () => reply(422, { message: REPORTING_MESSAGES.noLoginCodes, errors: {} }),
    });
    await act(() => refused.result.current.download('login_codes'));
    expect(refused.said.at(-1)).toEqual(['error', REPORTING_MESSAGES.noLoginCodes]);
  });

  it('does nothing before the first page has loaded', async () => {
    const { result, server, said } = renderExports({}, null);
    await act(() => result.current.download('report'));
    expect(server.requests).toEqual([]);
    expect(said).toEqual([]);
  });
});
