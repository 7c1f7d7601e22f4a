import { ApiError, XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts';

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * Sends a multipart form with upload progress (fetch cannot report it over HTTP/1.1), with the
 * same XSRF header and error shape as the typed client: a non-2xx answer throws ApiError.
 */
export function uploadForm<T>(url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        body = { message: 'The server sent an answer we could not read.' };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else {
        if (xhr.status === 401) window.location.assign('/logout');
        reject(new ApiError(xhr.status, body as never));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, { message: 'Network error occurred. Please try again.' }));
    xhr.send(form);
  });
}
