import { exportFileName, SIGN_IN_SLIPS_SKIPPED_HEADER, signInLoginCodes, signInSlipsPdf } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { loginCodesSheet } from './login-codes-sheet';
import { signInSlipsPdf as drawSlips } from './sign-in-slips-pdf';
import { slipLearners } from './slip-learners';

/** Sign-in details handed out (issue 32 item 5): slips to print and the codes as a sheet, for any selection of learners. */
export function signInSlipRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(signInSlipsPdf, async ({ params, body }) => {
      const { learners, skipped } = await slipLearners(deps.identity, params.companyId, body.user_ids);
      const pdf = await drawSlips(learners, deps.env.appUrl);
      return new Response(new Uint8Array(pdf), {
        headers: {
          'Content-Type': 'application/pdf',
          // Dated like the exports: {dd-mm-yyyy}_sign_in_slips.pdf.
          'Content-Disposition': `attachment; filename="${exportFileName('report', deps.now()).slice(0, 10)}_sign_in_slips.pdf"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
          [SIGN_IN_SLIPS_SKIPPED_HEADER]: String(skipped),
        },
      });
    })
    .handle(signInLoginCodes, async ({ params, body }) => {
      const { learners, skipped } = await slipLearners(deps.identity, params.companyId, body.user_ids);
      const response = loginCodesSheet(learners, deps.now());
      response.headers.set(SIGN_IN_SLIPS_SKIPPED_HEADER, String(skipped));
      response.headers.set('Cache-Control', 'private, no-store');
      return response;
    }).app;
}
