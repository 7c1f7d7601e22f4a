import { DeadlockException, LockWaitTimeoutException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { DEFAULT_COMPANY_ID, type ShopOrder } from '@portal/contracts';
import { validationError, type Em, type ServiceDeps, type UserSummary } from '@portal/service-kit';
import { Enrolment } from '../enrolments/enrolment.entity';
import { enrolmentsOfPairs, isOpenEnrolment } from '../enrolments/enrolment.repository';
import { lockCreditAccounts, moveCredits, openedAccountOf, SHOP_ACTOR } from '../credits/credit.repository';
import { Invoice, type IInvoice } from './invoice.entity';
import { invoiceByOrderId } from './invoice.repository';

type OrderDeps = Pick<ServiceDeps, 'identity' | 'catalogue' | 'now'>;

/** What an order does, learnt through the ports before any transaction opens. */
type Plan =
  { kind: 'credits'; companyId: number; credits: number } | { kind: 'course'; user: UserSummary; course: { id: number; name: string } };

async function planOrder(deps: OrderDeps, order: ShopOrder): Promise<Plan> {
  if (order.kind === 'credits') {
    const company =
      order.company_id != null
        ? await deps.identity.companyById(order.company_id)
        : await deps.identity.companyByEmail(order.customer_email);
    if (!company)
      throw validationError({
        [order.company_id != null ? 'company_id' : 'customer_email']: ['No company has that id or main account email.'],
      });
    // The schema asks a credits order for its credits, a course order for its course_id or sku.
    if (order.credits == null) throw validationError({ credits: ['A credits order names its credits.'] });
    return { kind: 'credits', companyId: company.id, credits: order.credits };
  }
  if (order.course_id == null && order.sku == null) throw validationError({ course_id: ['A course order names its course_id or sku.'] });
  const course =
    order.course_id != null
      ? (await deps.catalogue.coursesByIds([order.course_id]))[0]
      : order.sku != null
        ? await deps.catalogue.courseBySku(order.sku)
        : null;
  if (!course)
    throw validationError({ [order.course_id != null ? 'course_id' : 'sku']: ['The shop sold a course the portal does not have.'] });
  return { kind: 'course', user: await purchasedLearner(deps, order), course: { id: course.id, name: course.name } };
}

/**
 * The individual buyer's account in the default company: the existing one with that email, or a
 * new purchased learner (wp_user; identity mails the sign-in link). Two deliveries of one order at
 * once may both try to create it: the loser finds the winner's account.
 */
async function purchasedLearner(deps: OrderDeps, order: ShopOrder): Promise<UserSummary> {
  const existing = async () => (await deps.identity.usersByEmails(DEFAULT_COMPANY_ID, [order.customer_email]))[0];
  const found = await existing();
  if (found) return found;
  const [created] = await deps.identity.createLearners(DEFAULT_COMPANY_ID, [{ name: order.customer_name, email: order.customer_email }], {
    purchased: true,
  });
  if (created?.ok) return created.user;
  const raced = await existing();
  if (raced) return raced;
  throw validationError({ customer_email: [created?.reason ?? 'The learner account could not be created.'] });
}

const isRetryable = (error: unknown) => error instanceof DeadlockException || error instanceof LockWaitTimeoutException;

/**
 * Records a paid shop order once: the invoice row (its unique order id claims the order) and the
 * order's effect — credits into the company's ledger as a purchase by 'Shop', or the purchased
 * learner enrolled on the course (not charged: paid in the shop) — in one transaction. An order id
 * seen before, also one arriving while its first delivery is still being written, changes nothing
 * and answers the first invoice with `duplicate: true`.
 */
export async function recordShopOrder(em: Em, deps: OrderDeps, order: ShopOrder): Promise<{ invoice: IInvoice; duplicate: boolean }> {
  const seen = await invoiceByOrderId(em.fork(), order.order_id);
  if (seen) return { invoice: seen, duplicate: true };
  const plan = await planOrder(deps, order);
  const now = deps.now();

  for (let attempt = 1; ; attempt++) {
    try {
      const invoice = await em.fork().transactional(async (tx) => {
        const created = tx.create(Invoice, {
          orderId: order.order_id,
          kind: order.kind,
          companyId: plan.kind === 'credits' ? plan.companyId : plan.user.companyId,
          userId: plan.kind === 'course' ? plan.user.id : null,
          credits: plan.kind === 'credits' ? plan.credits : null,
          courseId: plan.kind === 'course' ? plan.course.id : null,
          courseName: plan.kind === 'course' ? plan.course.name : null,
          customerName: order.customer_name,
          customerEmail: order.customer_email,
          amountMinor: order.amount_minor,
          currency: order.currency,
          createdAt: order.paid_at ? new Date(order.paid_at) : now,
        });
        // First, so a second delivery stops here on the unique order id before touching a balance.
        await tx.flush();
        if (plan.kind === 'credits') {
          const account = openedAccountOf(await lockCreditAccounts(tx, [plan.companyId], { open: true }), plan.companyId);
          moveCredits(tx, account, {
            delta: plan.credits,
            kind: 'purchase',
            orderId: order.order_id,
            actor: SHOP_ACTOR,
            note: `Shop order ${order.order_id}`,
            createdAt: now,
          });
        } else if (!(await enrolmentsOfPairs(tx, [plan.user.id], [plan.course.id])).some((e) => isOpenEnrolment(e, now))) {
          tx.create(Enrolment, {
            userId: plan.user.id,
            courseId: plan.course.id,
            companyId: plan.user.companyId,
            status: 'not_started',
            createdAt: now,
            updatedAt: now,
          });
        }
        return created;
      });
      return { invoice, duplicate: false };
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        const first = await invoiceByOrderId(em.fork(), order.order_id);
        if (first) return { invoice: first, duplicate: true };
      }
      if (isRetryable(error) && attempt < 3) continue;
      throw error;
    }
  }
}
