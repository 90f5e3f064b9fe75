import { mediaApi, type ErrorBody, type ImageKind } from '@inkwell/contracts';
import i18n from '../i18n';
import { getSession } from '../session/session';
import { ApiError } from './client';

/**
 * A multipart upload with progress (fetch cannot report upload progress; XHR can). No timeout: a large
 * video on a slow connection takes as long as it takes.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', i18n.language || 'en');
    const session = getSession();
    if (session) xhr.setRequestHeader('authorization', `Bearer ${session.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as T);
      } else {
        const error = (body ?? {}) as Partial<ErrorBody>;
        reject(new ApiError(xhr.status, error.message ?? i18n.t('errors.unknown'), error.errors ?? {}, error.code));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, i18n.t('errors.network'), {}, 'network'));
    xhr.onabort = () => reject(new ApiError(0, i18n.t('media.cancelled'), {}, 'cancelled'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** Uploads one image of a kind (photos, avatars…) and answers its URL. */
export async function uploadImage(
  kind: ImageKind,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const form = new FormData();
  form.append('type', kind);
  form.append('url', file);
  return (await uploadWithProgress<{ url: string }>(mediaApi.uploadImage.path, form, onProgress, signal)).url;
}
