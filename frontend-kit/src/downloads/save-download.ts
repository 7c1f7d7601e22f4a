/** The file name a download's Content-Disposition gives (`filename*=` first, then `filename=`), else the fallback. */
export function downloadName(contentDisposition: string | null, fallback: string): string {
  const header = contentDisposition ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() || fallback;
}

/** Hands a downloaded response to the browser as a file, named as the server says; returns the name. */
export async function saveDownload(response: Response, fallback: string): Promise<string> {
  const name = downloadName(response.headers.get('content-disposition'), fallback);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download; the address is freed once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
