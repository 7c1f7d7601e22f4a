import { useId } from 'react';
import { Button } from '@portal/design-system';
import { REPORTING_STATUS_LABELS, REPORTING_STATUSES, type ReportingFilters, type ReportingStatus } from '@portal/contracts';
import { CourseFilter } from './course-filter';
import { LearnerFilter, type LearnerOption } from './learner-filter';

interface Option {
  id: number;
  name: string;
}

export interface FilterPanelProps {
  filters: ReportingFilters;
  /** The learner the `user` filter names (from the page data). */
  chosenUser: LearnerOption | null;
  searchLearners: (text: string) => Promise<LearnerOption[]>;
  courses: readonly Option[];
  depots: readonly Option[];
  onChange: (filters: ReportingFilters) => void;
  onClear: () => void;
}

const idOrNone = (value: string) => (value === '' ? undefined : Number(value));

/** Status, learner, courses, start and end date, and the depot only when the company has depots (spec §2). */
export function FilterPanel({ filters, chosenUser, searchLearners, courses, depots, onChange, onClear }: FilterPanelProps) {
  const id = useId();
  const set = (change: Partial<ReportingFilters>) => onChange({ ...filters, ...change });
  return (
    <fieldset className="reporting-filters" aria-label="Filters">
      <legend className="ds-visually-hidden">Filters</legend>
      <div className="ds-field">
        <label className="ds-field__label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className="ds-input"
          value={filters.status ?? ''}
          onChange={(event) => set({ status: (event.target.value || undefined) as ReportingStatus | undefined })}
        >
          <option value="">Any status</option>
          {REPORTING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {REPORTING_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="ds-field">
        <label className="ds-field__label" htmlFor={`${id}-user`}>
          Learner
        </label>
        <LearnerFilter
          id={`${id}-user`}
          chosen={chosenUser}
          chosenId={filters.user ?? null}
          search={searchLearners}
          onChoose={(learner) => set({ user: learner?.id })}
        />
      </div>
      <div className="ds-field">
        <label className="ds-field__label" htmlFor={`${id}-courses`}>
          Courses
        </label>
        <CourseFilter id={`${id}-courses`} courses={courses} chosen={filters.courses} onChange={(chosen) => set({ courses: chosen })} />
      </div>
      <div className="ds-field">
        <label className="ds-field__label" htmlFor={`${id}-start`}>
          Enrolled from
        </label>
        <input
          id={`${id}-start`}
          className="ds-input"
          type="date"
          value={filters.start_date ?? ''}
          max={filters.end_date}
          onChange={(event) => set({ start_date: event.target.value || undefined })}
        />
      </div>
      <div className="ds-field">
        <label className="ds-field__label" htmlFor={`${id}-end`}>
          Enrolled to
        </label>
        <input
          id={`${id}-end`}
          className="ds-input"
          type="date"
          value={filters.end_date ?? ''}
          min={filters.start_date}
          onChange={(event) => set({ end_date: event.target.value || undefined })}
        />
      </div>
      {depots.length > 0 ? (
        <div className="ds-field">
          <label className="ds-field__label" htmlFor={`${id}-depot`}>
            Depot
          </label>
          <select
            id={`${id}-depot`}
            className="ds-input"
            value={filters.depot ?? ''}
            onChange={(event) => set({ depot: idOrNone(event.target.value) })}
          >
            <option value="">Any depot</option>
            {depots.map((depot) => (
              <option key={depot.id} value={depot.id}>
                {depot.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="reporting-filters__clear">
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      </div>
    </fieldset>
  );
}
