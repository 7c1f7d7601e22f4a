import { ApiError, XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts';

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * A multipart POST that reports upload progress in percent (XMLHttpRequest's upload events; fetch
 * has none). Errors come back as the typed client's ApiError; a 401 goes to /logout like everywhere.
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as T);
        return;
      }
      if (xhr.status === 401) window.location.assign('/logout');
      reject(new ApiError(xhr.status, body as ConstructorParameters<typeof ApiError>[1]));
    };
    xhr.onerror = () => reject(new Error('Network error occurred. Please try again.'));
    xhr.send(form);
  });
}
