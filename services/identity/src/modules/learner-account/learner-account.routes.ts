import {
  LEARNER_ACCOUNT_MESSAGES,
  learnerAccountGet,
  learnerDataExport,
  learnerLoginCode,
  learnerSignInDetails,
  learnerSignInLink,
  learnerSignInSetUp,
} from '@portal/contracts';
import { createServiceRouter, type AppContext, type ServiceDeps } from '@portal/service-kit';
import { clientAddress } from '../auth/client-address';
import { changeSignInDetails, ownLoginCode, readLearnerAccount, requestSignInSetUp, sendOwnSignInLink } from './learner-account';
import { collectLearnerData, exportFileName, learnerDataWorkbook } from './learner-data-export';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The learner's own account page. Every route is for learners only (managers and admins have the
 * company's account area) and acts on the caller: no route names a user.
 */
export function learnerAccountRoutes(deps: ServiceDeps) {
  const mailContext = (c: AppContext, em: Parameters<typeof readLearnerAccount>[0]) => ({
    em,
    mailer: deps.mailer,
    appUrl: deps.env.appUrl,
    address: clientAddress(c, deps.env),
    now: deps.now(),
  });
  return createServiceRouter(deps)
    .handle(learnerAccountGet, async ({ em, principal }) => readLearnerAccount(em, principal))
    .handle(learnerLoginCode, async ({ c, em, principal }) => {
      c.header('Cache-Control', 'no-store');
      return { login_code: await ownLoginCode(em, principal) };
    })
    .handle(learnerSignInDetails, async ({ em, principal, body }) => {
      const { email } = await changeSignInDetails(em, deps.mailer, principal, body, deps.now());
      return { success: true as const, message: LEARNER_ACCOUNT_MESSAGES.detailsUpdated, email };
    })
    .handle(learnerSignInSetUp, async ({ c, em, principal, body }) => {
      await requestSignInSetUp(mailContext(c, em), principal, body.email);
      return { success: true as const, message: LEARNER_ACCOUNT_MESSAGES.setUpLinkSent };
    })
    .handle(learnerSignInLink, async ({ c, em, principal }) => {
      await sendOwnSignInLink(mailContext(c, em), principal);
      return { success: true as const, message: LEARNER_ACCOUNT_MESSAGES.signInLinkSent };
    })
    .handle(learnerDataExport, async ({ c, em, principal, query }) => {
      const now = deps.now();
      const data = await collectLearnerData(deps, em, principal, now);
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="${exportFileName(now, query.format)}"`);
      if (query.format === 'json') {
        c.header('Content-Type', 'application/json; charset=utf-8');
        return c.body(JSON.stringify(data, null, 2));
      }
      c.header('Content-Type', XLSX_TYPE);
      return c.body(await learnerDataWorkbook(data));
    }).app;
}
