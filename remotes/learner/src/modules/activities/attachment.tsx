const DOCUMENT = new Set(['txt', 'pdf', 'docx']);
const IMAGE = new Set(['jpg', 'jpeg', 'png', 'gif']);
const VIDEO = new Set(['mp4', 'webm', 'ogg']);

export type AttachmentKind = 'document' | 'image' | 'video' | null;

/** Spec §2: txt/pdf/docx as a document, jpg/jpeg/png/gif as an image, mp4/webm/ogg as a video; anything else shows nothing. */
export function attachmentKind(url: string | null): AttachmentKind {
  if (!url) return null;
  const path = url.split(/[?#]/)[0] ?? '';
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  if (!path.includes('.')) return null;
  if (DOCUMENT.has(extension)) return 'document';
  if (IMAGE.has(extension)) return 'image';
  if (VIDEO.has(extension)) return 'video';
  return null;
}

function fileName(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}

export function Attachment({ url, name }: { url: string | null; name: string }) {
  const kind = attachmentKind(url);
  if (!url || !kind) return null;
  if (kind === 'image') return <img className="activity__image" src={url} alt={`Attachment for ${name}`} data-testid="attachment-image" />;
  if (kind === 'video') {
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption -- an activity video is the one file an admin uploaded for the activity (mp4/webm/ogg); no caption file is uploaded or stored with it, so there is no source for a <track kind="captions">
      <video className="activity__video" src={url} controls preload="metadata" data-testid="attachment-video">
        <a href={url}>Download the video for {name}</a>
      </video>
    );
  }
  return (
    <p className="activity__document" data-testid="attachment-document">
      <a href={url} target="_blank" rel="noopener noreferrer">
        <span aria-hidden="true">📄 </span>
        Open document: {fileName(url)}
        <span className="ds-visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
