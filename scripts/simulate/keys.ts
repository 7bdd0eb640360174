import { ALARM_NAMES, ALARMS, type AlarmName } from './alarms';

/** Ctrl-C: in raw mode the terminal sends it as a key rather than a signal. */
const CTRL_C = '\u0003';

/** What keys typed mean, in order; other keys mean nothing. */
export function actionsOf(keys: string): (AlarmName | 'quit')[] {
  return [...keys].flatMap((key) => {
    if (key === 'q' || key === CTRL_C) return ['quit' as const];
    const alarm = ALARM_NAMES.find((name) => ALARMS[name].key === key);
    return alarm ? [alarm] : [];
  });
}

/**
 * Keypresses when stdin is a terminal: s, f, w raise an alarm, q (or Ctrl-C) quits. Returns what
 * puts the terminal back; does nothing when stdin is not a terminal (a pipe, a test, CI).
 */
export function listenForKeys(on: { alarm(name: AlarmName): void; quit(): void }): () => void {
  const stdin = process.stdin;
  if (!stdin.isTTY) return () => undefined;
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  const pressed = (keys: string) => {
    for (const action of actionsOf(keys)) {
      if (action === 'quit') on.quit();
      else on.alarm(action);
    }
  };
  stdin.on('data', pressed);
  return () => {
    stdin.off('data', pressed);
    stdin.setRawMode(false);
    stdin.pause();
  };
}
