import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createUploader } from '../../src/providers/xhrUpload';
import { createAuthorizer } from '../../src/providers/authHeaders';
import { uploadProblemRows } from '../../src/resources/simcards/types';
import { attachmentName } from '../../src/resources/invoices/download';

/** A fake XMLHttpRequest that records what it was given and answers with `answer`. */
function fakeXhr(answer: { status: number; body: string }) {
  const sent: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = { headers: {} };
  const xhr = {
    upload: {} as { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void },
    status: 0,
    statusText: '',
    responseText: '',
    onload: undefined as undefined | (() => void),
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    },
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    },
    getResponseHeader: () => null,
    abort() {},
    send(body: unknown) {
      sent.body = body;
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      xhr.upload.onload?.();
      xhr.status = answer.status;
      xhr.responseText = answer.body;
      xhr.onload?.();
    },
  };
  return { xhr: xhr as unknown as XMLHttpRequest, sent };
}

const deps = (xhr: XMLHttpRequest) => ({
  apiBase: async () => 'https://vigil.test/api',
  authorization: createAuthorizer({ user: async () => ({ access_token: 'tok', token_type: 'Bearer' }), proof: async () => undefined }),
  language: () => 'da',
  tenantFilter: () => 'tenant-1',
  xhr: () => xhr,
});

describe('uploads with progress (xhrUpload)', () => {
  it('sends the file with the API client\'s headers and reports progress', async () => {
    const { xhr, sent } = fakeXhr({ status: 200, body: '{"total":3,"created":2,"errors":[]}' });
    const progress: number[] = [];
    const answer = await createUploader(deps(xhr))('/api/app/simCardInstance/batchUpload', { body: 'a,b', contentType: 'text/csv', onProgress: (p) => progress.push(p) });
    expect(answer).toEqual({ total: 3, created: 2, errors: [] });
    expect(sent).toMatchObject({ method: 'POST', url: 'https://vigil.test/api/app/simCardInstance/batchUpload', body: 'a,b' });
    expect(sent.headers).toMatchObject({ 'Content-Type': 'text/csv', Authorization: 'Bearer tok', 'Accept-Language': 'da', __tenant: 'tenant-1' });
    expect(progress).toEqual([0.5, 1]);
  });

  it('rejects with the ABP error as an HttpError', async () => {
    const { xhr } = fakeXhr({ status: 400, body: JSON.stringify({ error: { message: 'Bad header', validationErrors: [{ message: "Unknown column 'x'", members: ['csv'] }] } }) });
    const failed = await createUploader(deps(xhr))('/api/x', { body: '', contentType: 'text/csv' }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(HttpError);
    expect((failed as HttpError).message).toBe('Bad header');
    expect((failed as HttpError).status).toBe(400);
  });
});

describe('upload result and download helpers', () => {
  it('lists one row per message, capped', () => {
    const result = { total: 4, created: 1, errors: [{ row: 3, messages: [{ member: 'iccid', message: 'Digits' }, { member: null, message: 'Line' }] }, { row: 4, messages: [{ member: 'status', message: 'Enum' }] }] };
    expect(uploadProblemRows(result, 2)).toEqual({ rows: [{ key: '3-0', row: 3, member: 'iccid', message: 'Digits' }, { key: '3-1', row: 3, member: null, message: 'Line' }], total: 3 });
  });

  it('reads the attachment file name', () => {
    expect(attachmentName('attachment; filename="invoices-2026-01-01.xlsx"', 'x.xlsx')).toBe('invoices-2026-01-01.xlsx');
    expect(attachmentName("attachment; filename*=UTF-8''fakturaer%20%C3%A6.xlsx", 'x.xlsx')).toBe('fakturaer æ.xlsx');
    expect(attachmentName(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
