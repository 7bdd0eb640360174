import fs from 'node:fs';
import path from 'node:path';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18next } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { AdminContext, HttpError, memoryStore, ResourceContextProvider, type AuthProvider, type DataProvider, type RaRecord } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { inject } from 'vitest';
import type { ResourceSchema } from '../../../common/schema/types';
import { schemaNamespace } from '../../../server/schema-engine/schema-translations';
import { readNamespace, registerGeneratedNamespaces } from '../../../server/localization/texts';
import { ADMIN_ONLY_NAMESPACES, NAMESPACES } from '../../../src/i18n';
import { apiErrorParts } from '../../../src/providers/abpErrors';
import { addReactAdminEnglish, createI18nProvider } from '../../../src/providers/i18nProvider';
import { isAllowed } from '../../../src/providers/resourcePolicies';
import { AppNotification } from '../../../src/layout/AppNotification';
import { setSchemas } from '../../../src/schema/registry';

/**
 * The schema engine's screens rendered as components (jsdom), fed by the server's own parts with
 * no HTTP in between (made by served-schemas.ts, the project's global setup):
 * - the schemas as GET /api/app/schemas serves them (the files, with `x-validator`);
 * - each form check as the module the server serves at that path (ajv's generated code), imported
 *   by the app's own loader (src/schema/validation/compile.ts) from the runtime configuration's
 *   apiBase, which points at the folder it was written to;
 * - the translations as /locales/<lng>/<ns>.json serves them (files and the generated 'schemas').
 * The data provider is the one double: it records writes and answers lookups from given rows,
 * since the API's own behaviour is the api project's subject.
 */
export interface SchemaScreens {
  schemas: ResourceSchema[];
  schema(name: string): ResourceSchema;
}

let prepared: SchemaScreens | undefined;

export function schemaScreens(): SchemaScreens {
  if (prepared) return prepared;
  const root = inject('componentRoot');
  const schemas = JSON.parse(fs.readFileSync(path.join(root, 'schemas.json'), 'utf8')) as ResourceSchema[];
  window.__VIGIL__ = { ...window.__VIGIL__, apiBase: path.join(root, 'api') } as NonNullable<typeof window.__VIGIL__>;
  registerGeneratedNamespaces({ schemas: (folder) => schemaNamespace(schemas, folder) });
  setSchemas(schemas);
  const byName = new Map(schemas.map((s) => [s['x-resource'].name, s]));
  prepared = {
    schemas,
    schema: (name) => {
      const found = byName.get(name);
      if (!found) throw new Error(`No schema named ${name}`);
      return found;
    },
  };
  return prepared;
}

/** An i18next instance with the served texts of the given languages, switched to `lng`. */
export async function servedI18n(lng: string): Promise<I18next> {
  const namespaces = [...NAMESPACES, ...ADMIN_ONLY_NAMESPACES];
  // As in the app: the fallback 'dev' is the English folder, with react-admin's own English texts.
  const resources = Object.fromEntries(
    [...new Set(['dev', lng])].map((code) => [code, Object.fromEntries(namespaces.map((ns) => [ns, readNamespace(code === 'dev' ? 'en' : code, ns)]))]),
  );
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'dev',
    ns: namespaces,
    defaultNS: 'translation',
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  addReactAdminEnglish(instance);
  return instance;
}

/** servedI18n with a namespace the app loads on demand (a screen's own: 'stock', 'privacy'), in English and `lng`. */
export async function servedI18nWith(lng: string, ns: string): Promise<I18next> {
  const i18n = await servedI18n(lng);
  i18n.addResourceBundle('dev', ns, readNamespace('en', ns));
  i18n.addResourceBundle(lng, ns, readNamespace(lng, ns));
  return i18n;
}

/** The server's 400 with one validation message on `members`, as apiFetch rejects with it. */
export function validationFailure(message: string, members: string[]): HttpError {
  const parts = apiErrorParts(400, 'Bad Request', { error: { code: null, message: 'Your request is not valid', details: null, data: null, validationErrors: [{ message, members }] } });
  return new HttpError(parts.message, parts.status, parts.body);
}

export interface RecordingDataProvider extends DataProvider {
  writes: { method: string; resource: string; data: unknown }[];
}

/** Lookups answer from `rows` (by resource); create and update are recorded and echoed back. */
export function recordingDataProvider(rows: Record<string, RaRecord[]> = {}): RecordingDataProvider {
  const writes: RecordingDataProvider['writes'] = [];
  const list = (resource: string) => rows[resource] ?? [];
  const provider = {
    writes,
    getList: async (resource: string) => ({ data: list(resource), total: list(resource).length }),
    getMany: async (resource: string, { ids }: { ids: RaRecord['id'][] }) => ({ data: list(resource).filter((r) => ids.includes(r.id)) }),
    getManyReference: async (resource: string) => ({ data: list(resource), total: list(resource).length }),
    getOne: async (resource: string, { id }: { id: RaRecord['id'] }) => {
      const found = list(resource).find((r) => r.id === id);
      if (!found) throw new Error(`${resource} ${String(id)} not found`);
      return { data: found };
    },
    create: async (resource: string, { data }: { data: Record<string, unknown> }) => {
      writes.push({ method: 'create', resource, data });
      return { data: { ...data, id: `new-${writes.length}` } };
    },
    update: async (resource: string, { id, data }: { id: RaRecord['id']; data: Record<string, unknown> }) => {
      writes.push({ method: 'update', resource, data });
      return { data: { ...data, id } };
    },
    updateMany: async () => ({ data: [] }),
    delete: async (resource: string, { id }: { id: RaRecord['id'] }) => {
      writes.push({ method: 'delete', resource, data: id });
      return { data: { id } };
    },
    deleteMany: async () => ({ data: [] }),
  };
  return provider as unknown as RecordingDataProvider;
}

/**
 * A signed-in user holding the `granted` policies: canAccess answers as the app's auth provider
 * does for them (resourcePolicies.ts isAllowed), the application configuration left out.
 */
function grantingAuthProvider(granted: Record<string, boolean>): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => granted,
    canAccess: async ({ resource, action }) => isAllowed(granted, resource, action),
  };
}

/**
 * Renders a screen of `resource` inside react-admin's context, in the language of `i18n`, at
 * `path` (a route pattern such as '/care-visits/:id/show', matched by `url`) when given; with
 * `granted`, for a user holding only those policies (else every check passes).
 */
export function renderScreen(
  screen: ReactElement,
  opts: { resource: string; i18n: I18next; dataProvider: DataProvider; route?: { path: string; url: string }; granted?: Record<string, boolean> },
) {
  const content = <ResourceContextProvider value={opts.resource}>{screen}</ResourceContextProvider>;
  const auth = opts.granted ? { authProvider: grantingAuthProvider(opts.granted) } : {};
  return render(
    <MemoryRouter initialEntries={[opts.route?.url ?? `/${opts.resource}`]}>
      <AdminContext dataProvider={opts.dataProvider} i18nProvider={createI18nProvider(opts.i18n)} store={memoryStore()} {...auth}>
        <Routes>
          <Route path={opts.route?.path ?? '*'} element={content} />
        </Routes>
        <AppNotification />
      </AdminContext>
    </MemoryRouter>,
  );
}
