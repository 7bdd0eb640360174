import { api, apiFile, type AnswerOf, type BodyOf } from '../../../providers/openapi/typedApi';

/**
 * Export and erasure of personal data (server/privacy): staff name the subject (a citizen or a
 * carer, /api/app/privacy); a carer's own data has routes of its own (/api/app/privacy/my), called
 * without the tenant filter as the account page's calls are.
 */
export type PrivacyExport = AnswerOf<'/api/app/privacy/exports', 'post'>;
export type ErasurePreview = AnswerOf<'/api/app/privacy/erasures/preview'>;
export type ErasureResult = AnswerOf<'/api/app/privacy/erasures', 'post'>;
/** Whose data: named by staff; `own` is the signed-in carer. */
export type Subject = BodyOf<'/api/app/privacy/exports', 'post'> | 'own';

const OWN = { tenant: false } as const;

export function startExport(subject: Subject): Promise<PrivacyExport> {
  return subject === 'own' ? api('post', '/api/app/privacy/my/exports', { ...OWN, body: {} }) : api('post', '/api/app/privacy/exports', { body: subject });
}

export function fetchExport(id: string, subject: Subject, signal?: AbortSignal): Promise<PrivacyExport> {
  return subject === 'own'
    ? api('get', '/api/app/privacy/my/exports/{id}', { ...OWN, params: { id }, signal })
    : api('get', '/api/app/privacy/exports/{id}', { params: { id }, signal });
}

export function downloadExport(id: string, subject: Subject): Promise<{ blob: Blob | undefined; headers: Headers }> {
  return subject === 'own'
    ? apiFile('get', '/api/app/privacy/my/exports/{id}/download', { ...OWN, params: { id } })
    : apiFile('get', '/api/app/privacy/exports/{id}/download', { params: { id } });
}

export function fetchErasurePreview(subject: Subject, signal?: AbortSignal): Promise<ErasurePreview> {
  return subject === 'own'
    ? api('get', '/api/app/privacy/my/erasures/preview', { ...OWN, signal })
    : api('get', '/api/app/privacy/erasures/preview', { query: subject, signal });
}

export function erase(subject: Subject, confirmation: string): Promise<ErasureResult> {
  return subject === 'own'
    ? api('post', '/api/app/privacy/my/erasures', { ...OWN, body: { confirmation } })
    : api('post', '/api/app/privacy/erasures', { body: { ...subject, confirmation } });
}
