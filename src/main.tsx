import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadRuntimeConfig } from './config/runtime';
import { initI18n } from './i18n';
import { ThemeModeProvider } from './theme';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ErrorScreen } from './components/ErrorScreen';
import { PageLoader } from './components/PageLoader';
import { RuntimeConfigProvider } from './components/RuntimeConfigContext';
import { AppRoutes, preloadRoute } from './routing/AppRoutes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// A spinner while configuration and texts load (a slow translation server retries for up to ~11 s).
root.render(
  <ThemeModeProvider>
    <PageLoader fullPage />
  </ThemeModeProvider>,
);

async function start(): Promise<void> {
  // Texts still load when the configuration fails, so the error screen can speak the user's language.
  // The first screen's chunks load meanwhile; one that fails shows its error when it renders.
  const [config] = await Promise.allSettled([loadRuntimeConfig(), initI18n(), preloadRoute(window.location.pathname)]);

  root.render(
    <StrictMode>
      <ThemeModeProvider>
        {config.status === 'rejected' ? (
          <ErrorScreen error={config.reason} />
        ) : (
          <ErrorBoundary>
            <RuntimeConfigProvider config={config.value}>
              <BrowserRouter>
                <Suspense fallback={<PageLoader fullPage />}>
                  <AppRoutes />
                </Suspense>
              </BrowserRouter>
            </RuntimeConfigProvider>
          </ErrorBoundary>
        )}
      </ThemeModeProvider>
    </StrictMode>,
  );
}

void start();
