import { act, renderHook, waitFor } from '@testing-library/react';
import type { CourseSummary } from '@portal/contracts';
import { fakeApi, reply, courseSummaryFake } from '@portal/frontend-kit/testing';
import { selectionAfterToggle, useCourseSelection } from './use-course-selection';

const course = (id: number, name: string): CourseSummary => courseSummaryFake(id, name);

describe('selectionAfterToggle', () => {
  it('names the server’s ids from what the page knows, sorted by name, once each', () => {
    const known = [
      { id: 1, name: 'Working at Height' },
      { id: 2, name: 'Fire Safety' },
      { id: 3, name: 'Asbestos Awareness' },
    ];
    expect(selectionAfterToggle([1, 3, 3], known)).toEqual([
      { id: 3, name: 'Asbestos Awareness' },
      { id: 1, name: 'Working at Height' },
    ]);
  });

  it('leaves out ids the page cannot name', () => {
    expect(selectionAfterToggle([9], [{ id: 1, name: 'Fire Safety' }])).toEqual([]);
  });
});

describe('useCourseSelection', () => {
  const fire = course(1, 'Fire Safety');
  const height = course(2, 'Working at Height');
  const page = { data: [fire, height], selected: [{ id: 2, name: 'Working at Height' }] };

  it('starts from the selection the page of courses carries', () => {
    const { api } = fakeApi({});
    const { result } = renderHook(() => useCourseSelection(api, page, () => {}));
    expect(result.current.selected).toEqual([{ id: 2, name: 'Working at Height' }]);
    expect([...result.current.selectedIds]).toEqual([2]);
  });

  it('flips a course with the server’s answer, busy meanwhile, then reloads the list', async () => {
    let answer: (ids: number[]) => void = () => {};
    const { api, requests } = fakeApi({
      'POST /api/courses/1/toggle': () => new Promise((resolve) => (answer = (ids) => resolve({ success: true, data: ids }))),
    });
    const reload = vi.fn();
    const { result } = renderHook(() => useCourseSelection(api, page, reload));

    act(() => void result.current.toggle(fire));
    expect(result.current.busyId).toBe(1);
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(() => Promise.resolve(answer([2, 1])));

    expect(result.current.selected).toEqual([
      { id: 1, name: 'Fire Safety' },
      { id: 2, name: 'Working at Height' },
    ]);
    expect(result.current.busyId).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('only logs a refused toggle; the selection stays as it was (spec §8)', async () => {
    const { api } = fakeApi({ 'POST /api/courses/2/toggle': () => reply(422, { message: 'This course has enrolments.' }) });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    const { result } = renderHook(() => useCourseSelection(api, page, reload));

    await act(() => result.current.toggle(height));
    expect(error).toHaveBeenCalledWith('Failed to toggle the course selection', expect.objectContaining({ status: 422 }));
    expect(result.current.selected).toEqual([{ id: 2, name: 'Working at Height' }]);
    expect(reload).not.toHaveBeenCalled();
  });
});
