import {
  LEARNER_ADMIN_MESSAGES,
  PEOPLE_MESSAGES,
  peopleExport,
  peopleList,
  personAnonymise,
  personGet,
  personNewLoginCode,
  personRemove,
  personUpdate,
} from '@portal/contracts';
import { AppError, createServiceRouter, mapPage, type Em, type ServiceDeps } from '@portal/service-kit';
import { User, type IUser } from '../../data/user.entity';
import { findUser } from '../../data/user.repository';
import { findCompany, depotsOf } from '../../data/company.repository';
import { companyAndDepotIds } from '../../data/employee.repository';
import { anonymiseLearner } from '../anonymise/anonymise-learner';
import { allPeople, listPeople } from './people-list';
import { companiesInView, findPerson, issueNewLoginCode, removePerson, updatePerson } from './manage-people';
import { enrolmentsOf, toPeople, toPerson } from './people-views';
import { peopleExportFileName, peopleWorkbook, XLSX_TYPE } from './people-export';

/** The depot filter's choices: the company first, then its depots by name. */
async function companyChoices(em: Em, companyId: number) {
  const company = await findCompany(em, companyId);
  const depots = await depotsOf(em, companyId);
  return [...(company ? [company] : []), ...depots].map((c) => ({ id: c.id, name: c.name }));
}

/** The chosen people, every one a learner of the company or its depots (anyone else: 404, as for one person), by name. */
async function chosenPeople(em: Em, companyId: number, ids: number[]): Promise<IUser[]> {
  const family = await companyAndDepotIds(em, companyId);
  const users = ids.length ? await em.find(User, { id: { $in: ids } }, { orderBy: { name: 'asc', id: 'asc' } }) : [];
  const isOurs = (u: IUser) => u.role === 'learner' && family.includes(u.companyId);
  if (users.length !== new Set(ids).size || !users.every(isOurs)) throw new AppError('not_found', PEOPLE_MESSAGES.notFound);
  return users;
}

/** The People page (issue 32 item 6). The kit checked the company (tenant by path); findPerson checks each person. */
export function peopleRoutes(deps: ServiceDeps) {
  const updated = async (em: Em, user: IUser, message: string) => ({
    success: true as const,
    message,
    data: await toPerson(em, deps.enrolment, user),
  });
  return createServiceRouter(deps)
    .handle(peopleList, async ({ c, em, params, query }) => {
      const companyIds = await companiesInView(em, params.companyId, query.depot_id);
      const page = await mapPage(await listPeople(em, companyIds, query, c.req.url), (users) => toPeople(em, deps.enrolment, users));
      return { ...page, companies: await companyChoices(em, params.companyId) };
    })
    .handle(peopleExport, async ({ c, em, params, body }) => {
      const now = deps.now();
      const users = body.user_ids?.length
        ? await chosenPeople(em, params.companyId, body.user_ids)
        : await allPeople(em, await companiesInView(em, params.companyId, body.depot_id), body.search);
      c.header('Cache-Control', 'no-store');
      c.header('Content-Type', XLSX_TYPE);
      c.header('Content-Disposition', `attachment; filename="${peopleExportFileName(now)}"`);
      return c.body(await peopleWorkbook(await toPeople(em, deps.enrolment, users), now));
    })
    .handle(personGet, async ({ em, params }) => {
      const user = await findPerson(em, params.companyId, params.userId);
      const [person, enrolments] = await Promise.all([toPerson(em, deps.enrolment, user), enrolmentsOf(deps, user.id)]);
      return { data: { ...person, enrolment_list: enrolments }, companies: await companyChoices(em, params.companyId) };
    })
    .handle(personUpdate, async ({ em, principal, params, body }) =>
      updated(
        em,
        await updatePerson(em, deps, { principal, companyId: params.companyId, userId: params.userId, input: body }),
        PEOPLE_MESSAGES.updated,
      ),
    )
    .handle(personNewLoginCode, async ({ em, principal, params }) =>
      updated(em, await issueNewLoginCode(em, deps, principal, params.companyId, params.userId), PEOPLE_MESSAGES.newLoginCode),
    )
    .handle(personAnonymise, async ({ em, principal, params }) => {
      await findPerson(em, params.companyId, params.userId);
      // The erasure rule already built (issue 12): the same as POST /api/user/{id}/anonymise.
      await anonymiseLearner(em, deps, principal, params.userId);
      em.clear();
      const user = await findUser(em, params.userId);
      if (!user) throw new AppError('not_found', PEOPLE_MESSAGES.notFound);
      return updated(em, user, LEARNER_ADMIN_MESSAGES.anonymised);
    })
    .handle(personRemove, async ({ em, principal, params }) => {
      await removePerson(em, deps, principal, params.companyId, params.userId);
      return { success: true as const, message: PEOPLE_MESSAGES.removed };
    }).app;
}
