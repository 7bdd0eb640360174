/**
 * How the settings screen edits each setting a watch can be sent (getSettingsSync's
 * `settableSettings`). The limits are the server's (server/commands/settings-schemas.ts): it
 * checks every value and its messages show on the field.
 */
export type SettingKind = 'seconds' | 'phones' | 'switch' | 'time';

const KINDS: Readonly<Record<string, SettingKind>> = {
  positionIntervalSeconds: 'seconds',
  sosNumbers: 'phones',
  lowBatteryAlarm: 'switch',
  silentFrom: 'time',
  silentTo: 'time',
};

/** The kind of a setting the screen knows how to edit; undefined for one it does not. */
export const kindOf = (setting: string): SettingKind | undefined => (Object.hasOwn(KINDS, setting) ? KINDS[setting] : undefined);

/** A 3G watch keeps three SOS numbers. */
export const SOS_SLOTS = 3;

/** A field's value as the form holds it: text, a switch, or the SOS numbers' slots. */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

function toForm(kind: SettingKind, value: unknown): FormValue {
  switch (kind) {
    case 'phones': {
      const numbers = Array.isArray(value) ? value.map(String) : [];
      return Array.from({ length: SOS_SLOTS }, (_, i) => numbers[i] ?? '');
    }
    case 'switch':
      return value === true;
    case 'seconds':
      return typeof value === 'number' ? String(value) : '';
    case 'time':
      return typeof value === 'string' ? value : '';
  }
}

/** A field's value as the server takes it; undefined for an empty field (nothing to send). */
export function fromForm(kind: SettingKind, value: FormValue): unknown {
  if (kind === 'phones') return (value as string[]).map((n) => n.trim()).filter(Boolean);
  if (kind === 'switch') return value === true;
  const text = String(value).trim();
  if (text === '') return undefined;
  return kind === 'seconds' ? Number(text) : text;
}

/** The form's values for the given settings: what staff want, else what the watch reported. */
export function formValues(settings: readonly string[], known: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const setting of settings) {
    const kind = kindOf(setting);
    if (kind) values[setting] = toForm(kind, known[setting]);
  }
  return values;
}

/** The settings whose value staff changed from what the form started with (each change is a command to the watch). */
export function changedSettings(initial: FormValues, current: FormValues): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [setting, value] of Object.entries(current)) {
    const kind = kindOf(setting)!;
    const next = fromForm(kind, value);
    if (next !== undefined && JSON.stringify(next) !== JSON.stringify(fromForm(kind, initial[setting]!))) changed[setting] = next;
  }
  return changed;
}

/**
 * The server's messages on the SOS numbers, by slot: it names the list it was sent
 * (`settings.sosNumbers.1` is the second number sent), which holds only the filled slots.
 */
export function slotErrors(fields: Record<string, string>, slots: readonly string[]): (string | undefined)[] {
  const filled = slots.flatMap((n, slot) => (n.trim() ? [slot] : []));
  const errors: (string | undefined)[] = slots.map(() => undefined);
  filled.forEach((slot, sent) => (errors[slot] = fields[`settings.sosNumbers.${sent}`]));
  return errors;
}
