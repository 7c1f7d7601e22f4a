/** The file name a download's Content-Disposition gives, else the fallback. */
export function downloadName(contentDisposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? fallback;
}

/** Hands a downloaded response to the browser as a file, named as the server says. */
export async function saveDownload(response: Response, fallback: string): Promise<void> {
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(response.headers.get('content-disposition'), fallback);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
