import { Route, Routes } from 'react-router-dom';
import type { PUBLIC_PATHS } from '../../common/navigation';
import { PublicLayout } from '../components/PublicLayout';
import { lazyComponent, type LazyComponent } from './lazyComponent';

// Every public page is its own chunk; none of them may import react-admin or src/layout, so '/'
// stays small. The react-admin shell is one more chunk, loaded by CatchAllRoute for protected paths.
const Home = lazyComponent(() => import('../pages/public/Home'));
const Login = lazyComponent(() => import('../pages/public/Login'));
const Registration = lazyComponent(() => import('../pages/public/Registration'));
const PasswordReset = lazyComponent(() => import('../pages/public/PasswordReset'));
const Imprint = lazyComponent(() => import('../pages/public/Imprint'));
const Terms = lazyComponent(() => import('../pages/public/Terms'));
const Faq = lazyComponent(() => import('../pages/public/Faq'));
const PrivacyPolicy = lazyComponent(() => import('../pages/public/PrivacyPolicy'));
const MobileAppTos = lazyComponent(() => import('../pages/public/MobileAppTos'));
const CatchAllRoute = lazyComponent(() => import('./CatchAllRoute'));

type PublicPath = (typeof PUBLIC_PATHS)[number];

/** The page of each public path: by its type, a path without a page or a page without a path does not compile. */
const PUBLIC_PAGES: Readonly<Record<PublicPath, LazyComponent<object>>> = {
  '/': Home,
  '/login': Login,
  '/registration': Registration,
  '/password-reset': PasswordReset,
  '/imprint': Imprint,
  '/terms': Terms,
  '/faq': Faq,
  '/privacy-policy': PrivacyPolicy,
  '/mobile-app-tos': MobileAppTos,
};

const isPublicPath = (pathname: string): pathname is PublicPath => Object.hasOwn(PUBLIC_PAGES, pathname);

/**
 * Loads the chunks the first screen of `pathname` needs, all at once, while the runtime
 * configuration and texts load: the public page, or the shell (with its texts) and the screen in
 * it. main.tsx renders the app once they are in, so no level of it suspends and waits out React's
 * 300 ms reveal throttle.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  if (isPublicPath(pathname)) await PUBLIC_PAGES[pathname].preload();
  else {
    await CatchAllRoute.preload();
    await import('./CatchAllRoute').then(({ preloadShell }) => preloadShell(pathname));
  }
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<Home />} />
        <Route path="login" element={<Login />} />
        <Route path="registration" element={<Registration />} />
        <Route path="password-reset" element={<PasswordReset />} />
        <Route path="imprint" element={<Imprint />} />
        <Route path="terms" element={<Terms />} />
        <Route path="faq" element={<Faq />} />
        <Route path="privacy-policy" element={<PrivacyPolicy />} />
      </Route>
      {/* Outside the public layout (SPEC section 2): the apps show it in a web view. */}
      <Route path="mobile-app-tos" element={<MobileAppTos />} />
      {/* Protected screens (one react-admin instance for all of them) or not found. */}
      <Route path="*" element={<CatchAllRoute />} />
    </Routes>
  );
}
