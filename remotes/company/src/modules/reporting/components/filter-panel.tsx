import { useId, type ReactNode } from 'react';
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
      <FilterField id={`${id}-status`} label="Status">
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
      </FilterField>
      <FilterField id={`${id}-user`} label="Learner">
        <LearnerFilter
          id={`${id}-user`}
          chosen={chosenUser}
          chosenId={filters.user ?? null}
          search={searchLearners}
          onChoose={(learner) => set({ user: learner?.id })}
        />
      </FilterField>
      <FilterField id={`${id}-courses`} label="Courses">
        <CourseFilter id={`${id}-courses`} courses={courses} chosen={filters.courses} onChange={(chosen) => set({ courses: chosen })} />
      </FilterField>
      <FilterField id={`${id}-start`} label="Enrolled from">
        <input
          id={`${id}-start`}
          className="ds-input"
          type="date"
          value={filters.start_date ?? ''}
          max={filters.end_date}
          onChange={(event) => set({ start_date: event.target.value || undefined })}
        />
      </FilterField>
      <FilterField id={`${id}-end`} label="Enrolled to">
        <input
          id={`${id}-end`}
          className="ds-input"
          type="date"
          value={filters.end_date ?? ''}
          min={filters.start_date}
          onChange={(event) => set({ end_date: event.target.value || undefined })}
        />
      </FilterField>
      {depots.length > 0 ? (
        <FilterField id={`${id}-depot`} label="Depot">
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
        </FilterField>
      ) : null}
      <div className="reporting-filters__clear">
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      </div>
    </fieldset>
  );
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="ds-field">
      <label className="ds-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}
