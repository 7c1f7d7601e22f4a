import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contracts';
import type { Principal } from '../auth/principal';
import type { CataloguePort } from '../ports/catalogue.port';
import type { EnrolmentPort } from '../ports/enrolment.port';
import type { IdentityPort } from '../ports/identity.port';
import { makeSco as sco, type FakeCatalogueSeed } from './fake-catalogue-port';
import { createFakeIdentityPort } from './fake-identity-port';
import { createRecordingEnrolmentPort } from './recording-enrolment-port';

/** The ports a catalogue port asks (who may read a course's files): the same fakes for every run. */
export interface CatalogueNeighbours {
  identity: IdentityPort;
  enrolment: EnrolmentPort;
}

const CONTRACT_SCOS = [sco('intro'), sco('quiz', { masteryScore: 75, dataFromLms: 'mode=exam' })];

/** The rows every run of the contract starts from (ids given, so each port holds the same world). */
export const CATALOGUE_CONTRACT_SEED = {
  courses: [
    {
      id: 801,
      name: 'Working at Height',
      description: '<p>Ladders.</p>',
      wpLink: 'https://shop.test/wah',
      creditCost: 2,
      validityYears: 3,
      hasBridging: true,
      sku: 'WAH-1',
      passMark: 80,
      package: { version: '1.2', scos: CONTRACT_SCOS },
    },
    { id: 802, name: 'Roofing Only', companyId: 701 },
  ],
  activities: [
    {
      id: 821,
      courseId: 801,
      name: 'Site walk',
      code: 111111,
      description: '<p>Walk the site.</p>',
      type: 'file',
      fileUrl: null,
      position: 1,
    },
    {
      id: 822,
      courseId: 801,
      name: 'Toolbox talk',
      code: 222222,
      description: '<p>Attend the talk.</p>',
      type: 'video',
      fileUrl: '/storage/activities/822/talk.mp4',
      position: 0,
    },
    {
      id: 823,
      courseId: 801,
      name: 'Harness check',
      code: 333333,
      description: '<p>Check it.</p>',
      type: 'file',
      fileUrl: null,
      position: 2,
    },
  ],
  bridging: [
    { companyId: 701, courseId: 801, courseActivityId: 821, description: 'Walk the roof.\n\nTwice.', enabled: true },
    { companyId: 701, courseId: 801, courseActivityId: 823, description: '', enabled: false },
  ],
  companyValidities: [{ companyId: 701, courseId: 801, validityYears: 5 }],
} satisfies FakeCatalogueSeed;

const principal = (role: Role, userId: number, companyId: number): Principal => ({
  userId,
  sessionId: `session-${userId}`,
  name: `${role} ${userId}`,
  email: null,
  role,
  companyId,
  homeCompanyId: companyId,
  isMimicking: false,
});

/**
 * What every catalogue port must do (catalogue's real one, the kit's in-memory fake): the same
 * tests run against each. Both are given the same identity and enrolment fakes for
 * `canReadCourseFiles`: companies 701 (with depot 702) and 703, and learner 931 enrolled on 801.
 */
export function describeCataloguePortContract(
  name: string,
  open: (seed: FakeCatalogueSeed, neighbours: CatalogueNeighbours) => Promise<{ port: CataloguePort; close(): Promise<void> }>,
) {
  describe(`${name} catalogue port (the port's contract)`, () => {
    let port: CataloguePort;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const identity = createFakeIdentityPort({
        companies: [
          { id: 701, name: 'Roofers' },
          { id: 702, name: 'Roofers depot', parentId: 701 },
          { id: 703, name: 'Plumbers' },
        ],
      });
      const enrolment = createRecordingEnrolmentPort();
      enrolment.enrolLearner(931, 801);
      ({ port, close } = await open(CATALOGUE_CONTRACT_SEED, { identity: identity.port, enrolment: enrolment.port }));
    });
    afterAll(() => close());

    it('finds courses by id, leaving unknown ids out, with a company’s own validity when asked for one', async () => {
      const courses = await port.coursesByIds([802, 999, 801, 801]);
      expect(courses.sort((a, b) => a.id - b.id)).toEqual([
        {
          id: 801,
          name: 'Working at Height',
          description: '<p>Ladders.</p>',
          wpLink: 'https://shop.test/wah',
          companyId: null,
          creditCost: 2,
          validityYears: 3,
          hasBridging: true,
        },
        {
          id: 802,
          name: 'Roofing Only',
          description: '<p>A course.</p>',
          wpLink: null,
          companyId: 701,
          creditCost: 1,
          validityYears: 1,
          hasBridging: false,
        },
      ]);
      expect((await port.coursesByIds([801], { companyId: 701 }))[0]?.validityYears).toBe(5);
      expect((await port.coursesByIds([801], { companyId: 703 }))[0]?.validityYears).toBe(3);
      expect(await port.coursesByIds([])).toEqual([]);
    });

    it('finds the course the shop sells under a SKU', async () => {
      expect(await port.courseBySku('WAH-1')).toMatchObject({ id: 801, name: 'Working at Height' });
      expect(await port.courseBySku('NOPE')).toBeNull();
    });

    it('gives a course’s package (items in order, pass mark), or null without one', async () => {
      expect(await port.coursePackage(801)).toEqual({
        courseId: 801,
        version: '1.2',
        scos: CONTRACT_SCOS,
        passMark: 80,
      });
      expect(await port.coursePackage(802)).toBeNull();
      expect(await port.coursePackage(999)).toBeNull();
    });

    it('shows a company its own bridging of a course’s activities, in order, leaving switched-off ones out', async () => {
      const own = await port.companyCourseActivities(701, 801);
      expect(own).toEqual([
        {
          id: 822,
          name: 'Toolbox talk',
          code: 222222,
          description: '<p>Attend the talk.</p>',
          type: 'video',
          fileUrl: '/storage/activities/822/talk.mp4',
        },
        { id: 821, name: 'Site walk', code: 111111, description: '<p>Walk the roof.</p><p>Twice.</p>', type: 'file', fileUrl: null },
      ]);
      const template = await port.companyCourseActivities(703, 801);
      expect(template.map((a) => [a.id, a.description])).toEqual([
        [822, '<p>Attend the talk.</p>'],
        [821, '<p>Walk the site.</p>'],
        [823, '<p>Check it.</p>'],
      ]);
      expect(await port.companyCourseActivities(701, 802)).toEqual([]);
    });

    it('has no certificate background until one is uploaded', async () => {
      expect(await port.certificateBackground()).toBeNull();
    });

    it('lets admins, managers who can see the course and enrolled learners read its files, and no one else', async () => {
      expect(await port.canReadCourseFiles(principal('admin', 1, 703), 802)).toBe(true);
      expect(await port.canReadCourseFiles(principal('admin', 1, 703), 999)).toBe(false);
      expect(await port.canReadCourseFiles(principal('manager', 2, 701), 802)).toBe(true);
      expect(await port.canReadCourseFiles(principal('manager', 3, 702), 802)).toBe(true);
      expect(await port.canReadCourseFiles(principal('manager', 4, 703), 802)).toBe(false);
      expect(await port.canReadCourseFiles(principal('manager', 4, 703), 801)).toBe(true);
      expect(await port.canReadCourseFiles(principal('learner', 931, 701), 801)).toBe(true);
      expect(await port.canReadCourseFiles(principal('learner', 931, 701), 802)).toBe(false);
      expect(await port.canReadCourseFiles(principal('learner', 932, 701), 801)).toBe(false);
    });
  });
}
