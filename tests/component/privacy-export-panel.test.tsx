import { screen, waitFor } from '@testing-library/react';
import { HttpError } from 'react-admin';
import type { i18n as I18next } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readNamespace } from '../../server/localization/texts';
import * as api from '../../src/pages/app/privacy/api';
import type { PrivacyExport } from '../../src/pages/app/privacy/api';
import { ExportPanel } from '../../src/pages/app/privacy/ExportPanel';
import { recordingDataProvider, renderScreen, schemaScreens, servedI18n } from './support/schema-screens';

/** The one double: the privacy API module the panel imports (its calls are the api project's subject). */
vi.mock('../../src/pages/app/privacy/api', () => ({
  fetchErasurePreview: vi.fn(),
  erase: vi.fn(),
  startExport: vi.fn(),
  fetchExport: vi.fn(),
  downloadExport: vi.fn(),
}));
const startExport = vi.mocked(api.startExport);
const fetchExport = vi.mocked(api.fetchExport);
const downloadExport = vi.mocked(api.downloadExport);

const SUBJECT = { subjectType: 'citizen' as const, subjectId: '4b1d0f7e-5a0c-4d3e-9f55-0000000000a1' };
const QUEUED: PrivacyExport = {
  id: '9c0e2a41-7d1b-4f8e-8a3c-0000000000e1',
  subjectType: 'citizen',
  subjectId: SUBJECT.subjectId,
  subjectName: 'Anna Jensen',
  state: 'queued',
  progress: 0,
  bytes: null,
  creationTime: '2026-11-25T09:00:00.000Z',
  finishedTime: null,
  downloadedTime: null,
};
const RUNNING: PrivacyExport = { ...QUEUED, state: 'running', progress: 40 };
const READY: PrivacyExport = { ...QUEUED, state: 'ready', progress: 100, bytes: 12_345, finishedTime: '2026-11-25T09:00:03.000Z' };
/** Polls take a second each: room for a few on a busy machine. */
const POLL = { timeout: 10_000 };

/** A promise the test settles: what the server answers, when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The served English texts with the privacy namespace the panel reads (loaded by the app's backend on demand). */
async function englishWithPrivacy(): Promise<I18next> {
  const i18n = await servedI18n('en');
  for (const lng of ['dev', 'en']) i18n.addResourceBundle(lng, 'privacy', readNamespace('en', 'privacy'));
  return i18n;
}

async function renderPanel() {
  const { default: userEvent } = await import('@testing-library/user-event');
  const user = userEvent.setup();
  renderScreen(<ExportPanel subject={SUBJECT} />, { resource: 'citizens', i18n: await englishWithPrivacy(), dataProvider: recordingDataProvider() });
  return user;
}

const progressBar = () => screen.getByRole('progressbar', { name: 'Export data' });

/** saveBlob's link: jsdom has no object URLs and does not download; the name and the bytes it was given are recorded. */
function recordSavedFiles() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:vigil/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
  return saved;
}

beforeAll(() => {
  schemaScreens();
});
beforeEach(() => {
  vi.resetAllMocks();
});
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

describe('ExportPanel', () => {
  it('starts the export, shows its progress as the server reports it, then offers the download', async () => {
    startExport.mockResolvedValue(QUEUED);
    const answers: ReturnType<typeof deferred<PrivacyExport>>[] = [];
    fetchExport.mockImplementation(() => {
      const answer = deferred<PrivacyExport>();
      answers.push(answer);
      return answer.promise;
    });
    const user = await renderPanel();
    expect(screen.getByText(/^A machine-readable archive \(JSON and CSV\)/)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Export data' }));
    expect(startExport).toHaveBeenCalledWith(SUBJECT);
    // The start's answer: waiting, the bar at 0, no way to start another one meanwhile.
    expect((await screen.findByRole('status')).textContent).toBe('Waiting to start…');
    expect(progressBar().getAttribute('aria-valuenow')).toBe('0');
    expect(screen.queryByRole('button', { name: 'Export data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();

    await waitFor(() => expect(answers.length).toBeGreaterThan(0), POLL);
    expect(fetchExport).toHaveBeenLastCalledWith(QUEUED.id, SUBJECT, expect.anything());
    answers[answers.length - 1]!.resolve(RUNNING);
    expect(await screen.findByText('Preparing the archive: 40%')).toBeTruthy();
    expect(progressBar().getAttribute('aria-valuenow')).toBe('40');

    // It keeps asking while the archive is made.
    const asked = answers.length;
    await waitFor(() => expect(answers.length).toBeGreaterThan(asked), POLL);
    answers[answers.length - 1]!.resolve(READY);
    expect(await screen.findByText('The archive is ready (12.3 kB).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export data' })).toBeNull();
  });

  it('downloads the archive once under the name the server gives, then says it was downloaded', async () => {
    const saved = recordSavedFiles();
    startExport.mockResolvedValue(READY);
    fetchExport.mockResolvedValue(READY);
    const zip = new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], { type: 'application/zip' });
    downloadExport.mockResolvedValue({ blob: zip, headers: new Headers({ 'content-disposition': 'attachment; filename="vigil-export-2026-11-25.zip"' }) });
    const user = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Export data' }));
    await user.click(await screen.findByRole('button', { name: 'Download' }));

    expect(await screen.findByText('The archive has been downloaded and deleted from Vigil.')).toBeTruthy();
    expect(downloadExport).toHaveBeenCalledTimes(1);
    expect(downloadExport).toHaveBeenCalledWith(READY.id, SUBJECT);
    expect(saved).toEqual([{ name: 'vigil-export-2026-11-25.zip', blob: zip }]);
    // No second download: only a new export is offered.
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(screen.queryByText(/The archive is ready/)).toBeNull();
    expect(screen.getByRole('button', { name: 'New export' })).toBeTruthy();
  });

  it("shows the server's refusal of a download, keeping the archive offered", async () => {
    const saved = recordSavedFiles();
    startExport.mockResolvedValue(READY);
    fetchExport.mockResolvedValue(READY);
    const gone = 'This export has already been downloaded and deleted. Start a new export if you need the data again.';
    downloadExport.mockRejectedValue(new HttpError(gone, 410, {}));
    const user = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Export data' }));
    await user.click(await screen.findByRole('button', { name: 'Download' }));

    expect(await screen.findByText(gone)).toBeTruthy();
    expect(saved).toEqual([]);
    expect(screen.queryByText('The archive has been downloaded and deleted from Vigil.')).toBeNull();
  });

  it('says when the export could not be started or failed, and offers to try again', async () => {
    startExport.mockRejectedValueOnce(new Error(''));
    const user = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Export data' }));
    expect(await screen.findByText('The export could not be started.')).toBeTruthy();
    expect(fetchExport).not.toHaveBeenCalled();

    const limit = 'You already have exports being prepared. Wait until they are ready.';
    startExport.mockRejectedValueOnce(new HttpError(limit, 429, {}));
    await user.click(screen.getByRole('button', { name: 'Export data' }));
    expect(await screen.findByText(limit)).toBeTruthy();

    startExport.mockResolvedValueOnce({ ...QUEUED, state: 'failed' });
    fetchExport.mockResolvedValue({ ...QUEUED, state: 'failed' });
    await user.click(screen.getByRole('button', { name: 'Export data' }));
    expect(await screen.findByText('The export failed. Please try again.')).toBeTruthy();
    expect(screen.queryByText(limit)).toBeNull();
    expect(screen.getByRole('button', { name: 'New export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });
});
