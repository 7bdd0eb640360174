import { lazy, use, useMemo } from 'react';
import { Route } from 'react-router-dom';
import { AccessDenied, Admin, CanAccess, CustomRoutes, localStorageStore, NotFound } from 'react-admin';
import { NAVIGATION, type NavEntry } from '../../common/navigation';
import { ErrorScreen } from '../components/ErrorScreen';
import { useRuntimeConfig } from '../components/RuntimeConfigContext';
import { i18n, initI18n } from '../i18n';
import { useThemeMode } from '../theme';
import { authProvider } from '../providers/authProvider';
import { dataProvider } from '../providers/dataProvider';
import { addReactAdminEnglish, createI18nProvider, i18nextLocaleStore } from '../providers/i18nProvider';
import { createQueryClient } from '../providers/queryClient';
import { AppNotification } from './AppNotification';
import { Layout } from './Layout';

// Every page is its own chunk: the shell carries react-admin, the layout and the providers only.
const Dashboard = lazy(() => import('../pages/app/Dashboard'));
const ComingSoon = lazy(() => import('../pages/app/ComingSoon'));

/** Screens with a detail route (SPEC section 2: citizens/{id}, customers/{id}). */
const WITH_DETAIL = new Set(['citizens', 'customers']);

/** Unknown sub-paths of a protected screen (e.g. /dashboard/x) inside the layout. */
const CatchAll = () => <NotFound />;

let booted: Promise<void> | undefined;

/** Texts loaded (main.tsx started that already; initI18n is idempotent), then react-admin's English added. */
function bootAdmin(): Promise<void> {
  booted ??= initI18n().then(() => addReactAdminEnglish(i18n));
  return booted;
}

const queryClient = createQueryClient();
// react-admin keeps list and sidebar preferences in localStorage; its 'locale' is i18next's language.
const store = i18nextLocaleStore(localStorageStore(undefined, 'Vigil'), i18n);

function screen(entry: NavEntry) {
  const page = entry.key === 'dashboard' ? <Dashboard /> : <ComingSoon label={entry.label} />;
  // A signed-in user without the entry's policy sees react-admin's access-denied page in place.
  return (
    <CanAccess resource={entry.key} action="list" accessDenied={<AccessDenied />}>
      {page}
    </CanAccess>
  );
}

/**
 * The protected part of the app: one react-admin <Admin> inside main.tsx's BrowserRouter
 * (react-admin sees the router and uses it, no basename needed). One custom route per NAVIGATION
 * entry; react-admin's own dashboard route ('/') is not used, because '/' is the public home page:
 * the dashboard is the '/dashboard' route. Sign-in is the public /login page (loginPage false).
 */
export default function AdminApp() {
  use(bootAdmin());
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
      <CustomRoutes>
        {NAVIGATION.flatMap((entry) => [
          <Route key={entry.key} path={entry.path} element={screen(entry)} />,
          ...(WITH_DETAIL.has(entry.key)
            ? [<Route key={`${entry.key}-detail`} path={`${entry.path}/:id`} element={screen(entry)} />]
            : []),
        ])}
      </CustomRoutes>
    </Admin>
  );
}
