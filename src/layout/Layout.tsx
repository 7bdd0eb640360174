import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { ErrorScreen, type ErrorScreenProps } from '../components/ErrorScreen';
import { useSaveLanguageChoice } from '../pages/app/account/ownLanguage';
import { AppBar } from './AppBar';
import { DemoBanner } from './DemoBanner';
import { AlarmLanguageNotice } from './AlarmLanguageNotice';
import { Menu } from './Menu';
import { SessionNotifications } from './SessionNotifications';

/** A page that fails keeps the app bar and menu: the error screen fills the content area only. */
function PageError(props: ErrorScreenProps) {
  return <ErrorScreen {...props} variant="inline" />;
}

/** The signed-in app: a language the user switches to is saved as theirs (alarms and mails follow it). */
export function Layout({ children }: { children: ReactNode }) {
  useSaveLanguageChoice();
  return (
    <RaLayout appBar={AppBar} menu={Menu} error={PageError}>
      <SessionNotifications />
      <DemoBanner />
      <AlarmLanguageNotice />
      {children}
    </RaLayout>
  );
}
