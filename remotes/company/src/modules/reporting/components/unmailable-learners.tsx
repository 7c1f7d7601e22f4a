import type { z } from 'zod';
import type { unmailableLearnerSchema } from '@portal/contracts';
import { Button, Modal } from '@portal/design-system';

export type UnmailableLearner = z.infer<typeof unmailableLearnerSchema>;

/** Learners a reminder could not be mailed to: their login codes, for the manager to hand out. */
export function UnmailableLearners({ learners, onClose }: { learners: UnmailableLearner[]; onClose: () => void }) {
  return (
    <Modal
      open={learners.length > 0}
      title="Learners without an email address"
      onClose={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <p>These learners have no email address, so they could not be reminded by mail. Give them their login code to sign in.</p>
      <table className="ds-table reporting-codes">
        <thead>
          <tr>
            <th scope="col">Learner</th>
            <th scope="col">Course</th>
            <th scope="col">Login code</th>
          </tr>
        </thead>
        <tbody>
          {learners.map((learner) => (
            <tr key={learner.enrollment_id}>
              <td>{learner.name}</td>
              <td>{learner.course_name}</td>
              <td className="reporting-code">{learner.login_code ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
