import { use, useMemo, type ReactElement } from 'react';
import { Admin, localStorageStore } from 'react-admin';
import NotFound from '../pages/public/NotFound';
import { ErrorScreen } from '../components/ErrorScreen';
import { mayHaveSession } from '../components/storedSession';
import { chunk } from '../components/useChunk';
import { useRuntimeConfig } from '../components/RuntimeConfigContext';
import { ADMIN_ONLY_NAMESPACES, i18n, initI18n } from '../i18n';
import { useThemeMode } from '../theme';
import { authProvider } from '../providers/authProvider';
import { dataProvider } from '../providers/dataProvider';
import { addReactAdminEnglish, createI18nProvider, i18nextLocaleStore } from '../providers/i18nProvider';
import { createQueryClient } from '../providers/queryClient';
import { settleTenantFilter } from '../providers/hostTenantFilter';
import { getResourceSchemas } from '../providers/sessionData';
import { getSignedInUser } from '../providers/userManager';
import { AccessCheckError } from './AccessCheckError';
import { AppNotification } from './AppNotification';
import { Layout } from './Layout';
import { customRoutes, handWrittenResources, preloadOwnView, viewOf } from './routeElements';

/** Unknown sub-paths of a protected screen (e.g. /dashboard/x) inside the layout: the product's own page, not react-admin's. */
const CatchAll = () => <NotFound inLayout />;

/**
 * Texts loaded (main.tsx started that already; initI18n is idempotent) with the shell's own
 * namespaces (resource labels, validation messages: the public pages never need them), then
 * react-admin's English added. CatchAllRoute loads the shell with it, so the shell need not suspend.
 */
const boot = chunk(() =>
  initI18n()
    .then(() => i18n.loadNamespaces([...ADMIN_ONLY_NAMESPACES]))
    .then(() => addReactAdminEnglish(i18n))
    .then(() => true),
);
export const bootAdmin = boot.load;

/**
 * Loads what the first screen at `pathname` needs beside the shell: a hand-written screen's chunk
 * with its texts, or (for a signed-in user on any other path) the schema engine and its view.
 * Without this each would load only once the one before it had rendered.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  await initI18n(); // a screen loads its namespaces with its code
  const own = preloadOwnView(pathname);
  if (own) await own;
  else if (mayHaveSession()) {
    const { preloadSchemaView } = await import('../schema');
    await preloadSchemaView(viewOf(pathname, `/${pathname.split('/')[1] ?? ''}`));
  }
}

const NO_SCHEMAS: ReadonlySet<string> = new Set();

const queryClient = createQueryClient();
// react-admin keeps list and sidebar preferences in localStorage; its 'locale' is i18next's language.
const store = i18nextLocaleStore(localStorageStore(undefined, 'Vigil'), i18n);

/**
 * The routes, known once the session's schemas are (react-admin's resources declared at run
 * time; asked for only once the user is signed in): one <Resource> per schema the user may read,
 * built by the lazily loaded schema engine, beside the routes of src/routing/routes.ts (screens,
 * hand-written resources, placeholders for schema resources without a schema, and Access denied
 * at the paths of the schema resources the user may not read). Without schemas
 * (a caregiver, or the schemas failing to load) the engine is never downloaded.
 */
async function adminRoutes(): Promise<ReactElement[]> {
  // Nobody signed in yet: the auth check sends them to sign in, and no API call goes out without a token.
  if (!(await getSignedInUser())) return [customRoutes(NO_SCHEMAS), ...handWrittenResources()];
  const [{ schemas, unreadable }] = await Promise.all([
    getResourceSchemas().catch((error: unknown) => {
      console.error('Resource schemas not loaded', error);
      return { schemas: [], unreadable: [] };
    }),
    // The host's starting tenant filter, set before any screen asks for data.
    settleTenantFilter().catch(() => false),
  ]);
  const own = [customRoutes(NO_SCHEMAS, unreadable), ...handWrittenResources()];
  if (schemas.length === 0) return own;
  try {
    const resources = await import('../schema').then(({ schemaResources }) => schemaResources(schemas));
    const names = new Set(schemas.map((schema) => schema['x-resource'].name));
    return [customRoutes(names, unreadable), ...handWrittenResources(), ...resources];
  } catch (error) {
    // react-admin would wait forever on a rejected promise: keep the shell usable instead.
    console.error('Schema engine not loaded', error);
    return own;
  }
}

/**
 * The protected part of the app: one react-admin <Admin> inside main.tsx's BrowserRouter
 * (react-admin sees the router and uses it, no basename needed). react-admin's own dashboard
 * route ('/') is not used, because '/' is the public home page: the dashboard is the '/dashboard'
 * route. Sign-in is the public /login page (loginPage false).
 */
export default function AdminApp() {
  if (!boot.loaded()) use(bootAdmin());
  const { productName } = useRuntimeConfig();
  const { theme } = useThemeMode();
  const i18nProvider = useMemo(() => createI18nProvider(i18n), []);

  return (
    <Admin
      title={productName || 'Vigil'}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      theme={theme}
      layout={Layout}
      notification={AppNotification}
      error={ErrorScreen}
      authenticationError={AccessCheckError}
      catchAll={CatchAll}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      {adminRoutes}
    </Admin>
  );
}
