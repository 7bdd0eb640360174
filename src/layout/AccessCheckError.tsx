import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../components/ErrorScreen';
import { LocalizedError } from '../i18n/localizedError';

const REASON = new LocalizedError('errors.accessCheck', {}, 'Permissions not loaded');

/**
 * Where react-admin goes (/authentication-error) when the permissions could not be read (the
 * application configuration failed): what happened, and Try again, which returns to the screen
 * the user asked for and loads it afresh (a reload, as the error screen's Try again does).
 */
export function AccessCheckError() {
  const { t } = useTranslation();
  const retry = () => {
    if (window.history.length <= 1) {
      window.location.assign('/dashboard');
      return;
    }
    window.addEventListener('popstate', () => window.location.reload(), { once: true });
    window.history.back();
  };
  return <ErrorScreen variant="inline" heading={t('errors.accessCheckTitle')} error={REASON} onRetry={retry} />;
}
