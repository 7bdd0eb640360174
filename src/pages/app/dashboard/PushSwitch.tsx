import { PushSection } from '../account/PushSection';

/** The dashboard's "Push notifications on this device" switch (issue 16): the same section as on /account. */
export function PushSwitch() {
  return <PushSection />;
}
