import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PublicLayout } from '../components/PublicLayout';

// Every public page is its own chunk; none of them may import react-admin or src/layout, so '/'
// stays small. The react-admin shell is one more chunk, loaded by CatchAllRoute for protected paths.
const Home = lazy(() => import('../pages/public/Home'));
const Login = lazy(() => import('../pages/public/Login'));
const Registration = lazy(() => import('../pages/public/Registration'));
const Imprint = lazy(() => import('../pages/public/Imprint'));
const Terms = lazy(() => import('../pages/public/Terms'));
const Faq = lazy(() => import('../pages/public/Faq'));
const PrivacyPolicy = lazy(() => import('../pages/public/PrivacyPolicy'));
const MobileAppTos = lazy(() => import('../pages/public/MobileAppTos'));
const CatchAllRoute = lazy(() => import('./CatchAllRoute'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<Home />} />
        <Route path="login" element={<Login />} />
        <Route path="registration" element={<Registration />} />
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
