import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The web app is built into dist/ and served by the Vigil server on the same port as the API.
// In `npm run dev:web` the API, sign-in and translations are proxied to a running server.
const api = process.env.VIGIL_API ?? 'http://localhost:3000';

/**
 * react-admin builds its own hash router (react-router's data router) only when it is not inside a
 * router. Vigil always mounts it inside main.tsx's BrowserRouter, so that fallback is cut out:
 * react-router is a single module shared by the public pages and the admin shell, so whatever the
 * shell uses of it lands in the entry chunk every public page loads (~17 kB gzipped for the data
 * router). If a react-admin update changes the file, the build warns and `npm run bench:bundle`
 * shows the size come back.
 */
function reactAdminInsideRouter(): Plugin {
  const file = /\/ra-core\/dist\/routing\/adapters\/reactRouterProvider\.js$/;
  return {
    name: 'vigil:react-admin-inside-router',
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id.split('?')[0] ?? id)) return null;
      const trimmed = code
        .replace(/\bcreateHashRouter,\s*/, '')
        .replace(/\bRouterProvider as ReactRouterProvider,\s*/, '')
        .replace(
          /const InternalRouter = \([\s\S]*?\n\};\n/,
          "const InternalRouter = () => { throw new Error('Vigil renders react-admin inside its BrowserRouter'); };\n",
        );
      if (trimmed.includes('createHashRouter')) this.warn('react-admin router fallback not removed: ra-core changed, update vite.config.ts');
      return { code: trimmed, map: null };
    },
  };
}

/**
 * MUI's createTheme and ThemeProvider choose at run time between plain themes and CSS-variables
 * themes, so bundlers keep the CSS-variables machinery (createThemeWithVars, CssVarsProvider and
 * @mui/system's cssVars, ~7 kB gzipped) in every page, even though Vigil's themes (src/theme) and
 * react-admin's never enable it. Cutting that branch is what MUI itself proposed for its default
 * theme (mui/material-ui#48607). A theme with `cssVariables` or `colorSchemes` now fails loudly
 * instead; to use one, remove this plugin.
 */
function muiWithoutCssVariables(): Plugin {
  const edits: { file: RegExp; from: RegExp; to: string }[] = [
    {
      file: /\/@mui\/material\/esm\/styles\/createTheme\.js$/,
      from: /import createThemeWithVars from "\.\/createThemeWithVars\.js";/,
      to: "const createThemeWithVars = () => { throw new Error('Vigil builds MUI without CSS theme variables (see vite.config.ts)'); };",
    },
    {
      file: /\/@mui\/material\/esm\/styles\/ThemeProvider\.js$/,
      from: /import \{ CssVarsProvider \} from "\.\/ThemeProviderWithVars\.js";/,
      to: "const CssVarsProvider = () => { throw new Error('Vigil builds MUI without CSS theme variables (see vite.config.ts)'); };",
    },
  ];
  return {
    name: 'vigil:mui-without-css-variables',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      const edit = edits.find((e) => e.file.test(path));
      if (!edit) return null;
      if (!edit.from.test(code)) {
        this.warn(`MUI changed ${path}: CSS-variables code not removed, update vite.config.ts`);
        return null;
      }
      return { code: code.replace(edit.from, edit.to), map: null };
    },
  };
}

/**
 * Installable app with Web Push for alarms (issue 16): the web app manifest and icons
 * (public/icons, rendered from favicon.svg), and our own service worker src/sw.ts (push,
 * notificationclick, pushsubscriptionchange), registered by a small same-origin /registerSW.js
 * after the page has loaded (the CSP allows no inline script). Nothing is precached and the worker
 * has no fetch handler: the browser never routes a request through it, so sign-in and dashboard
 * load exactly as before, and a new build can never be hidden behind a stale cached index.html
 * (which the server also fills with the runtime configuration).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: 'script-defer',
  // No precache manifest is injected into the worker (see above).
  injectManifest: { injectionPoint: undefined, rollupFormat: 'iife' },
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Vigil',
    short_name: 'Vigil',
    description: 'Alarms and positions of the people you care for',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0d2a4f',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

/** iOS reads its home-screen icon from a link, not from the manifest. */
function appleTouchIcon(): Plugin {
  return {
    name: 'vigil:apple-touch-icon',
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon-180.png' }, injectTo: 'head' }],
  };
}

export default defineConfig({
  plugins: [reactAdminInsideRouter(), muiWithoutCssVariables(), react(), pwa, appleTouchIcon()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes into one chunk instead of a dozen small
          // shared ones: fewer requests, and ~6 kB less gzipped script on '/' (one gzip context).
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/oidc': api,
      '/locales': api,
      '/health': api,
    },
  },
});
