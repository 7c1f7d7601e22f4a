import { Zip, ZipPassThrough } from 'fflate';
import type { ServiceDeps } from '@portal/service-kit';
import type { ICertificateRecord } from './certificate.entity';
import { certificatesInOrder } from './certificate.repository';
import { backgroundOf, faceOf, namesFor } from './certificate-faces';
import { certificateFileName, certificatePdf } from './certificate-pdf';

const ZIP_BATCH = 100;

/**
 * The zip as a stream: certificates are rendered one per pull, so only what the client has not
 * read yet is held (a PDF or two), however many certificates there are. Entries are stored, not
 * deflated (a PDF is compressed already).
 */
export function certificateZip(
  deps: Pick<ServiceDeps, 'identity' | 'catalogue' | 'env' | 'orm'>,
  certificateIds: number[],
): ReadableStream<Uint8Array> {
  const zip = new Zip();
  const used = new Set<string>();
  let next = 0;
  let batch: ICertificateRecord[] = [];
  let names: Awaited<ReturnType<typeof namesFor>> | null = null;
  let background: Awaited<ReturnType<typeof backgroundOf>> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip.ondata = (error, chunk, final) => {
          if (error) return controller.error(error);
          controller.enqueue(chunk);
          if (final) controller.close();
        };
      },
      async pull() {
        // `next` counts the ids read, not the certificates found: one deleted since the list was made is left out.
        while (!batch.length && next < certificateIds.length) {
          const ids = certificateIds.slice(next, next + ZIP_BATCH);
          next += ids.length;
          batch = await certificatesInOrder(deps.orm.em.fork(), ids);
          if (batch.length)
            [names, background] = await Promise.all([
              namesFor(deps, batch),
              background === undefined ? backgroundOf(deps) : Promise.resolve(background),
            ]);
        }
        const certificate = batch.shift();
        if (!certificate) {
          zip.end();
          return;
        }
        if (!names) throw new Error('The names of a certificate batch are read with the batch.');
        const face = faceOf(certificate, names, deps.env.appUrl);
        let fileName = certificateFileName(face);
        if (used.has(fileName)) fileName = fileName.replace(/\.pdf$/, ` - ${certificate.code}.pdf`);
        used.add(fileName);
        const entry = new ZipPassThrough(fileName);
        zip.add(entry);
        entry.push(await certificatePdf(face, background ?? null), true);
      },
    },
    { highWaterMark: 1 },
  );
}
