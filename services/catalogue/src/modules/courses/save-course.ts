import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { randomInt } from 'node:crypto';
import {
  COMPANY_SPECIFIC_CATEGORY_NAME,
  COURSE_PACKAGE_MISSING,
  CERTIFICATE_IMAGE_EXTENSIONS,
  type CourseFormBody,
} from '@portal/contracts';
import { uploadedFilePath, validationError, type Em, type ServiceDeps } from '@portal/service-kit';
import { categoriesByIds } from '../categories/category.repository';
import { CourseActivity, type ICourseActivity } from '../activities/course-activity.entity';
import { activitiesOfCourse, countActivitiesOfCourse } from '../activities/course-activity.repository';
import { deleteBridgingOfActivity } from '../company-courses/company-course.repository';
import { Course, type ICourse } from './course.entity';
import { findCourse, setCourseCategories } from './course.repository';
import { installPackage, launchPathOf, packageFolder, unpackPackage, type UnpackedPackage } from '../packages/course-package';
import { PackageError } from '../packages/safe-unzip';
import { sanitiseDescription } from './sanitise-html';
import { packagePassMark } from './pass-mark';
import { readManifest } from '../../queries';

/** An uploaded file (on disk until the request ends) as a stream: an attachment of any size never sits whole in memory. */
const streamOf = (file: Blob) => Readable.fromWeb(file.stream() as unknown as WebReadableStream);

const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg'];

/** A file name safe as one storage path segment. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-120);
  return cleaned || 'file';
}
const extensionOf = (name: string) => (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();

/** Checks that need the database; throws 422 with the fields' messages. */
async function checkForm(
  deps: ServiceDeps,
  em: Em,
  body: Partial<CourseFormBody>,
): Promise<{ categoryIds: number[]; companyId: number | null }> {
  const errors: Record<string, string[]> = {};
  const categoryIds = [...new Set(body.category_ids ?? [])];
  const categories = await categoriesByIds(em, categoryIds);
  if (categories.length !== categoryIds.length) errors.category_ids = ['Choose categories from the list.'];
  const isCompanySpecific = categories.some((c) => c.name === COMPANY_SPECIFIC_CATEGORY_NAME);
  let companyId: number | null = null;
  if (isCompanySpecific) {
    if (!body.company_id) errors.company_id = ['Choose the company this course is for.'];
    else if ((await deps.identity.companyParentId(body.company_id)) === undefined) errors.company_id = ['That company does not exist.'];
    else companyId = body.company_id;
  }
  if (body.certificate && !(CERTIFICATE_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(body.certificate.name))) {
    errors.certificate = [`The certificate must be an image (${CERTIFICATE_IMAGE_EXTENSIONS.join(', ')}).`];
  }
  if (body.file && extensionOf(body.file.name) !== 'zip') errors.file = ['The course package must be a .zip file.'];
  (body.activities ?? []).forEach((activity, index) => {
    if (activity.type === 'video' && activity.file && !VIDEO_EXTENSIONS.includes(extensionOf(activity.file.name))) {
      errors[`activities.${index}.file`] = [`A video must be ${VIDEO_EXTENSIONS.join(', ')}.`];
    }
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return { categoryIds, companyId };
}

async function unpackOrRefuse(file: File): Promise<UnpackedPackage> {
  try {
    // An upload is on disk already (streamed by the kit): unzip it in place.
    return await unpackPackage(uploadedFilePath(file) ?? file);
  } catch (error) {
    if (error instanceof PackageError) throw validationError({ file: [error.message] });
    throw error;
  }
}

const newCode = () => randomInt(100_000, 1_000_000);

/** A save's transaction: the course's id, and every storage key it writes (to undo for a new course). */
interface CourseWrite {
  deps: ServiceDeps;
  tx: Em;
  id: number;
  written: string[];
}

/** An edit names only activities of its course; a new course needs its package. */
async function checkTarget(em: Em, courseId: number | null, body: CourseFormBody) {
  const existing = courseId === null ? null : await findCourse(em, courseId);
  if (courseId !== null && !existing) throw validationError({ id: ['That course does not exist.'] });
  if (courseId === null && !body.file) throw validationError({ file: [COURSE_PACKAGE_MISSING] });
  if (existing && body.activities) {
    const ids = body.activities.map((a) => a.id).filter((id): id is number => id !== undefined);
    const own = await countActivitiesOfCourse(em, existing.id, ids);
    if (own !== new Set(ids).size) throw validationError({ activities: ['An activity does not belong to this course.'] });
  }
  return existing;
}

/** Replaces the stored file in `folder` with the upload; its key. */
async function storeUpload(write: CourseWrite, folder: string, file: File): Promise<string> {
  await write.deps.storage.remove(folder);
  const key = `${folder}/${safeFileName(file.name)}`;
  write.written.push(key);
  await write.deps.storage.putStream(key, streamOf(file));
  return key;
}

async function installUpload(write: CourseWrite, course: ICourse, upload: { fileName: string; unpacked: UnpackedPackage }) {
  const { tx, id } = write;
  const { unpacked: installed, fileName } = upload;
  write.written.push(packageFolder(id));
  await installPackage(write.deps.storage, id, installed);
  tx.assign(course, {
    packagePath: packageFolder(id),
    scormVersion: installed.manifest.version,
    launchPath: launchPathOf(installed.manifest),
    manifest: installed.manifest,
    packageFileName: fileName.slice(0, 255),
  });
}

type ActivityInput = NonNullable<CourseFormBody['activities']>[number];

/** The course's activities as the form lists them: those left out go (with their files and bridging), the rest are saved in order. */
async function saveActivities(write: CourseWrite, inputs: ActivityInput[]) {
  const { deps, tx, id } = write;
  const keep = new Set(inputs.map((a) => a.id).filter(Boolean));
  const current = await activitiesOfCourse(tx, id);
  for (const gone of current.filter((a) => !keep.has(a.id))) {
    await deleteBridgingOfActivity(tx, gone.id);
    await deps.storage.remove(`courses/${id}/activities/${gone.id}`);
    tx.remove(gone);
  }
  for (const [position, input] of inputs.entries()) await saveActivity(write, current, { position, input });
}

async function saveActivity(
  write: CourseWrite,
  current: ICourseActivity[],
  { position, input }: { position: number; input: ActivityInput },
) {
  const { deps, tx, id } = write;
  const fieldsOf = {
    courseId: id,
    position,
    name: input.name,
    code: input.code ? Number(input.code) : undefined,
    description: sanitiseDescription(input.description ?? ''),
    type: input.type,
  };
  // An id not of this course (possible only for a new course, which checks none) makes a new activity.
  let activity = input.id ? (current.find((a) => a.id === input.id) ?? null) : null;
  if (activity) tx.assign(activity, { ...fieldsOf, code: fieldsOf.code ?? activity.code });
  else activity = tx.create(CourseActivity, { ...fieldsOf, code: fieldsOf.code ?? newCode() });
  await tx.flush();
  const folder = `courses/${id}/activities/${activity.id}`;
  if (input.file) {
    const key = await storeUpload(write, folder, input.file);
    tx.assign(activity, { filePath: key, fileName: input.file.name.slice(0, 255) });
  } else if (input.remove_file) {
    await deps.storage.remove(folder);
    tx.assign(activity, { filePath: null, fileName: null });
  }
}

/**
 * Creates (courseId null) or saves a course from the admin form. The package is unpacked and
 * checked before anything is written; storage changes are undone if the transaction fails.
 */
export async function saveCourse(deps: ServiceDeps, em: Em, courseId: number | null, body: CourseFormBody): Promise<number> {
  const existing = await checkTarget(em, courseId, body);
  const { categoryIds, companyId } = await checkForm(deps, em, body);
  const upload = body.file ? { fileName: body.file.name, unpacked: await unpackOrRefuse(body.file) } : null;
  const unpacked = upload?.unpacked ?? null;
  const written: string[] = [];
  try {
    return await em.transactional(async (tx) => {
      const fields = {
        name: body.name,
        description: sanitiseDescription(body.description ?? ''),
        companyId,
        duration: body.duration,
        validityPeriod: body.validity_period,
        sku: body.sku,
        wpLink: body.wp_link,
        creditCost: body.credit_cost,
        hasBridging: body.has_bridging ?? false,
        passMark: body.pass_mark ?? packagePassMark(unpacked?.manifest ?? readManifest(existing?.manifest)),
      };
      const course = existing ? tx.assign(existing, fields) : tx.create(Course, fields);
      await tx.flush();
      const write: CourseWrite = { deps, tx, id: course.id, written };
      await setCourseCategories(tx, write.id, categoryIds);
      if (upload) await installUpload(write, course, upload);
      if (body.certificate) {
        const key = await storeUpload(write, `courses/${write.id}/certificate`, body.certificate);
        tx.assign(course, { certificatePath: key });
      }
      if (body.activities !== undefined || !existing) await saveActivities(write, body.activities ?? []);
      await tx.flush();
      return write.id;
    });
  } catch (error) {
    // The database rolled back; a new course's files go too (an edited course keeps what it had, bar replaced files).
    if (!existing) for (const key of written) await deps.storage.remove(key.split('/').slice(0, 2).join('/')).catch(() => undefined);
    throw error;
  } finally {
    await unpacked?.dispose();
  }
}
