import { getMimeType } from 'hono/utils/mime';

/** Types hono's table lacks that packages and activity files use. */
const EXTRA_TYPES: Record<string, string> = {
  xsd: 'application/xml; charset=utf-8',
  dtd: 'application/xml-dtd',
  vtt: 'text/vtt; charset=utf-8',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  swf: 'application/x-shockwave-flash',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** A stored file's content type, by its extension. */
export function contentTypeOf(name: string): string {
  const extension = (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();
  return EXTRA_TYPES[extension] ?? getMimeType(name) ?? 'application/octet-stream';
}
