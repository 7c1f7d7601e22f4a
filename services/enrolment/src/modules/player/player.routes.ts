import { learnCommit, learnCourse, learnLaunch } from '@portal/contracts';
import { contentOriginFor, createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { activitiesUrl, courseView, enrolmentView, finishUrl, ownEnrolment } from './enrolment-access';
import { launchCourse } from './launch-course';
import { storeCommit } from './store-commit';

export function playerRoutes(deps: ServiceDeps) {
  const now = () => deps.now();
  return createServiceRouter(deps)
    .handle(learnCourse, async ({ em, principal, params }) => {
      const { enrollment: enrolment, course } = await ownEnrolment(em, deps.catalogue, principal, params.enrollmentId);
      return {
        enrollment: enrolmentView(enrolment),
        course: courseView(course),
        finish_url: finishUrl(enrolment.id, course),
        activities_url: course.hasBridging ? activitiesUrl(enrolment.id) : null,
      };
    })
    .handle(learnLaunch, async ({ c, em, principal, params, query }) => {
      const contentOriginUrl = contentOriginFor(deps.env, c.req.url);
      const {
        enrollment: enrolment,
        course,
        ...launch
      } = await launchCourse(
        em,
        deps.catalogue,
        principal,
        params.enrollmentId,
        now(),
        { ...deps.env, contentOriginUrl },
        { fromStart: query.from === 'start' },
      );
      return {
        enrollment: enrolmentView(enrolment),
        course: courseView(course),
        version: launch.version,
        attempt_id: launch.attemptId,
        start_index: launch.startIndex,
        scos: launch.scos,
        finish_url: finishUrl(enrolment.id, course),
      };
    })
    .handle(learnCommit, async (ctx) => {
      const { principal, params, query, body } = ctx;
      // The entity manager is forked only if the commit needs one (ctx.em forks on first use).
      const outcome = await storeCommit({
        db: { orm: deps.orm, em: () => ctx.em },
        catalogue: deps.catalogue,
        deps,
        principal,
        input: {
          attemptId: params.attemptId,
          sco: query.sco,
          token: query.token,
          isFinal: query.final === 'true',
          seq: body.seq,
          cmi: body.cmi,
        },
        now: now(),
      });
      // scorm-again reads result and errorCode; a repeated or late commit is acknowledged the same
      // way, and the player's queue reads the rest (superseded: continued somewhere else).
      return { result: true as const, errorCode: 0 as const, ...outcome };
    }).app;
}
