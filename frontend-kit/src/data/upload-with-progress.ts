import { ApiError, readXsrfToken, XSRF_HEADER } from '@portal/contracts';
import { leaveIfSessionEnded } from '../session/leave-if-session-ended';

/**
 * A multipart POST that reports upload progress in percent (XMLHttpRequest's upload events; fetch
 * has none over HTTP/1.1), with the typed client's XSRF header and error shape: a non-2xx answer
 * throws ApiError, a network failure ApiError with status 0, and a 401 goes to /logout when the
 * session has ended (leaveIfSessionEnded).
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = readXsrfToken();
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
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as T);
        return;
      }
      if (xhr.status === 401) void leaveIfSessionEnded();
      reject(new ApiError(xhr.status, body as ConstructorParameters<typeof ApiError>[1]));
    };
    xhr.onerror = () => reject(new ApiError(0, { message: 'Network error occurred. Please try again.' }));
    xhr.send(form);
  });
}
