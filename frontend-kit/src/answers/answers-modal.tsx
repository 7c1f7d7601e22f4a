import { lazy, Suspense, type ComponentProps } from 'react';
import type { AnswersModal as AnswersModalView } from './answers-view';

// Loaded when first opened: the kit is a shared module that every page downloads whole (it cannot
// be tree-shaken), and the answers view is only ever opened from a row action.
const LazyAnswersModal = lazy(() => import('./answers-view').then((module) => ({ default: module.AnswersModal })));

/** What a learner answered in an enrolment's attempts, in a dialog (issue 20 item 5). */
export function AnswersModal(props: ComponentProps<typeof AnswersModalView>) {
  return (
    <Suspense fallback={null}>
      <LazyAnswersModal {...props} />
    </Suspense>
  );
}
