import { HttpError } from 'react-admin';
import { TENANT_HEADER } from '../../common/abp-contract';
import { apiErrorParts } from './abpErrors';
import { apiUrl, type HttpClientDeps } from './apiFetch';
import { signedInAuthorizer } from './authHeaders';

/**
 * Uploading a file with progress, which fetch cannot report: XMLHttpRequest with the same headers
 * as the API client (Authorization and DPoP proof, Accept-Language, tenant filter, XSRF), and the
 * same one retry when the API asks for a DPoP nonce. `onProgress` gets the share sent
 * (0..1), and 1 once the whole body is sent; the server may still take a while to answer.
 */
export interface UploadRequest {
  body: Blob | string;
  contentType: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export type Uploader = <T = unknown>(path: string, request: UploadRequest) => Promise<T>;

export interface UploaderDeps extends Omit<HttpClientDeps, 'fetch'> {
  xhr: () => XMLHttpRequest;
}

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function createUploader(deps: UploaderDeps): Uploader {
  return async function upload<T>(path: string, { body, contentType, onProgress, signal }: UploadRequest): Promise<T> {
    const url = apiUrl(await deps.apiBase(), path);
    const authorization = deps.authorization ?? signedInAuthorizer;
    const tenant = deps.tenantFilter();
    const xsrf = deps.xsrfToken?.(url);
    const attempt = async (retry: boolean): Promise<T> => {
      const auth = await authorization.headers('POST', url);
      return new Promise<T>((resolve, reject) => {
        const xhr = deps.xhr();
        xhr.open('POST', url);
        xhr.setRequestHeader('Accept', 'application/json');
        xhr.setRequestHeader('Accept-Language', deps.language());
        xhr.setRequestHeader('Content-Type', contentType);
        for (const [name, value] of Object.entries(auth)) xhr.setRequestHeader(name, value);
        if (tenant) xhr.setRequestHeader(TENANT_HEADER, tenant);
        if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
        };
        xhr.upload.onload = () => onProgress?.(1);
        xhr.onload = () => {
          const answer = { get: (name: string) => xhr.getResponseHeader(name) };
          if (authorization.noteNonce(url, xhr.status, answer) && retry) return resolve(attempt(false));
          const json = parse(xhr.responseText);
          if (xhr.status >= 200 && xhr.status < 300) return resolve(json as T);
          const { message, status, body: errorBody } = apiErrorParts(xhr.status, xhr.statusText, json);
          reject(new HttpError(message, status, errorBody));
        };
        xhr.onerror = () => reject(new HttpError('ra.notification.http_error', 0));
        xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
        signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(body);
      });
    };
    return attempt(true);
  };
}
