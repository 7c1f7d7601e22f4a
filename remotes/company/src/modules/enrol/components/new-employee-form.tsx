import { Button } from '@portal/design-system';
import { BoundField } from '@portal/frontend-kit/forms';
import { AnswerNotice } from '../../forms/answer-notice';
import { useNewEmployee, type NewEmployeeOptions } from '../use-new-employee';
import { ExistingLearnerModal } from './existing-learner-modal';

export { DRAFT_REPEAT } from '../use-new-employee';

/**
 * A new employee (spec §5): name required, email optional. Nothing is created here (issue 32 item
 * 1): the server is asked who they are, and a new person joins the chosen learners as a draft that
 * Finalise makes into an account. The same email — or, without one, the same name — as a learner of
 * the company or its depots opens 'Whoops! this learner already exists'.
 */
export function NewEmployeeForm(props: NewEmployeeOptions) {
  const { form, notice, dismissNotice, isSubmitting, onSubmit, existing, addWithBlankEmail, selectExisting, closeExisting } =
    useNewEmployee(props);
  return (
    <form className="enrol-new-employee" onSubmit={onSubmit} noValidate aria-label="New employee">
      <AnswerNotice answer={notice} onDismiss={dismissNotice} />
      <BoundField form={form} name="name" id="new-employee-name" label="Name" autoComplete="off" />
      <BoundField
        form={form}
        name="email"
        id="new-employee-email"
        label="Email (optional)"
        hint="Without an email the learner signs in with a login code. The account is made when you finalise."
        type="email"
        autoComplete="off"
      />
      <div>
        <Button type="submit" loading={isSubmitting}>
          Add employee
        </Button>
      </div>
      <ExistingLearnerModal
        info={existing?.info ?? null}
        isAddingBlank={false}
        onSelectExisting={selectExisting}
        onAddBlank={addWithBlankEmail}
        onClose={closeExisting}
      />
    </form>
  );
}
