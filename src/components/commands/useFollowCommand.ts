import { useEffect, useState } from 'react';
import { fetchCommandLog } from './commandApi';
import type { DeviceCommand } from './types';

/** How often the log is asked again after a command was sent, and for how long at most. */
const LOG_POLL_MS = 2000;
const FOLLOW_MS = 60_000;

/** Whether a command will change no more: the watch confirmed it, it failed or expired; a text message once sent. */
const settled = (c: DeviceCommand) => ['acknowledged', 'failed', 'expired'].includes(c.status) || (c.channel === 'sms' && c.status === 'sent');

/**
 * Follows a command just sent: the device's log is read at once, then every two seconds until the
 * command settled or a minute passed (or the page closed, or another device was picked: `follow(null)`).
 */
export function useFollowCommand(onLog: (commands: DeviceCommand[]) => void): (followed: { deviceId: string; commandId: string } | null) => void {
  const [followed, follow] = useState<{ deviceId: string; commandId: string } | null>(null);
  useEffect(() => {
    if (!followed) return;
    const until = Date.now() + FOLLOW_MS;
    let stopped = false;
    const read = async () => {
      try {
        const commands = await fetchCommandLog(followed.deviceId);
        if (stopped) return;
        onLog(commands);
        const command = commands.find((c) => c.id === followed.commandId);
        if ((command && settled(command)) || Date.now() >= until) follow(null);
      } catch {
        // A failed read is tried again at the next tick; the time limit still holds.
        if (!stopped && Date.now() >= until) follow(null);
      }
    };
    void read();
    const timer = setInterval(() => void read(), LOG_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [followed, onLog]);
  return follow;
}
