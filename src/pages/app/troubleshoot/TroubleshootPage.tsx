import ComingSoon from '../ComingSoon';

/** /troubleshoot: a device's last message, battery, signal, settings sync state and raw messages. */
export default function TroubleshootPage() {
  return <ComingSoon label="menu.troubleshoot" />;
}
