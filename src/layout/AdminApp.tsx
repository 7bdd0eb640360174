import { use, useMemo, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { AccessDenied, Admin, CanAccess, CustomRoutes, localStorageStore, NotFound } from 'react-admin';
import { NAVIGATION, type NavEntry } from '../../common/navigation';
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
import { navEntryFor } from '../schema/navigation';
import { lazyComponent } from '../routing/lazyComponent';
import { AppNotification } from './AppNotification';
import { HAND_WRITTEN_KEYS, handWrittenResources, preloadHandWritten } from './handWrittenResources';
import { Layout } from './Layout';
import { SCREENS } from './screens';

// Every page is its own chunk: the shell carries react-admin, the layout and the providers only.
const ComingSoon = lazyComponent(() => import('../pages/app/ComingSoon'));

/** Screens with a detail route (SPEC section 2: citizens/{id}, customers/{id}). */
const WITH_DETAIL = new Set(['citizens', 'customers']);

/** Unknown sub-paths of a protected screen (e.g. /dashboard/x) inside the layout. */
const CatchAll = () => <NotFound />;

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

/** The view a resource's path opens: its base path, base/create, base/:id/show or base/:id. */
function viewOf(pathname: string, base: string): 'list' | 'create' | 'show' | 'edit' {
  const parts = pathname.slice(base.length).split('/').filter(Boolean);
  if (parts.length === 0) return 'list';
  if (parts[0] === 'create') return 'create';
  return parts[1] === 'show' ? 'show' : 'edit';
}

/**
 * Loads what the first screen at `pathname` needs beside the shell: a hand-written screen's chunk
 * with its texts, or (for a signed-in user on any other path) the schema engine and its view.
 * Without this each would load only once the one before it had rendered.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  await initI18n(); // a screen loads its namespaces with its code
  const entry = NAVIGATION.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`));
  const own = entry && (SCREENS[entry.key]?.preload() ?? preloadHandWritten(entry.key, viewOf(pathname, entry.path)));
  if (own) await own;
  else if (mayHaveSession()) {
    const { preloadSchemaView } = await import('../schema');
    await preloadSchemaView(viewOf(pathname, `/${pathname.split('/')[1] ?? ''}`));
  }
}

const queryClient = createQueryClient();
// react-admin keeps list and sidebar preferences in localStorage; its 'locale' is i18next's language.
const store = i18nextLocaleStore(localStorageStore(undefined, 'Vigil'), i18n);

function screen(entry: NavEntry) {
  const Page = SCREENS[entry.key];
  const page = Page ? <Page /> : <ComingSoon label={entry.label} />;
  // A signed-in user without the entry's policy sees react-admin's access-denied page in place.
  return (
    <CanAccess resource={entry.key} action="list" accessDenied={<AccessDenied />}>
      {page}
    </CanAccess>
  );
}

function navigationRoutes(taken: ReadonlySet<string>): ReactElement {
  return (
    <CustomRoutes key="navigation">
      {NAVIGATION.filter((entry) => !taken.has(entry.key)).flatMap((entry) => [
        <Route key={entry.key} path={entry.path} element={screen(entry)} />,
        ...(WITH_DETAIL.has(entry.key) ? [<Route key={`${entry.key}-detail`} path={`${entry.path}/:id`} element={screen(entry)} />] : []),
      ])}
    </CustomRoutes>
  );
}

/**
 * The routes, known once the session's schemas are (react-admin's resources declared at run
 * time; asked for only once the user is signed in): one <Resource> per schema the user may read,
 * built by the lazily loaded schema engine, and one custom route per NAVIGATION entry no schema
 * has taken over. Without schemas (a caregiver, or the schemas failing to load) the engine is
 * never downloaded and every entry keeps its screen.
 */
async function adminRoutes(): Promise<ReactElement[]> {
  const own = handWrittenResources();
  // Nobody signed in yet: the auth check sends them to sign in, and no API call goes out without a token.
  if (!(await getSignedInUser())) return [navigationRoutes(HAND_WRITTEN_KEYS), ...own];
  const [schemas] = await Promise.all([
    getResourceSchemas().catch((error: unknown) => {
      console.error('Resource schemas not loaded', error);
      return [];
    }),
    // The host's starting tenant filter, set before any screen asks for data.
    settleTenantFilter().catch(() => false),
  ]);
  if (schemas.length === 0) return [navigationRoutes(HAND_WRITTEN_KEYS), ...own];
  try {
    const resources = await import('../schema').then(({ schemaResources }) => schemaResources(schemas));
    const taken = new Set([...HAND_WRITTEN_KEYS, ...schemas.flatMap((schema) => navEntryFor(schema['x-resource'].name)?.key ?? [])]);
    return [navigationRoutes(taken), ...own, ...resources];
  } catch (error) {
    // react-admin would wait forever on a rejected promise: keep the shell usable instead.
    console.error('Schema engine not loaded', error);
    return [navigationRoutes(HAND_WRITTEN_KEYS), ...own];
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
      catchAll={CatchAll}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      {adminRoutes}
    </Admin>
  );
}
