import { Notification } from 'react-admin';

/** Notifications top right for 6000 ms (SPEC section 9). */
export function AppNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={6000} />;
}
