import type { DeviceCommand } from '../protocols/types';
import { isDeviceModel, MODEL_PROTOCOLS, type DeviceProtocol } from './models';
import { SETTINGS_SCHEMAS } from './settings-schemas';

/**
 * Device settings as the commands of a watch's protocol. Each command names the settings it sets
 * (merged into the device's reported settings when the watch acknowledges it), so a device is in
 * sync once every command of its wanted settings was acknowledged.
 */
export interface SettingsCommand {
  command: DeviceCommand;
  /** What the command sets: setting names, or a list setting's slot (`sosNumbers[2]`, device-settings.ts applySettings). */
  settings: Record<string, unknown>;
}

/** A setting that cannot be sent: the protocol has no command for it, or it goes with another one not given. */
export type SettingRefusal = { setting: string; reason: 'unsupported' } | { setting: string; reason: 'pair'; other: string };

/** The 3G watch keeps three SOS numbers, each set by its own command (SOS1..SOS3); an empty number clears its slot. */
const SOS_SLOTS = 3;

type Translate = (value: unknown) => SettingsCommand[];

/** Two settings that go into one command (the 3G watch's quiet hours: SILENCETIME,<from>-<to>). */
interface Pair {
  first: string;
  second: string;
  translate: (first: unknown, second: unknown) => SettingsCommand;
}

/** What each protocol can carry. */
const CARRIED: Record<DeviceProtocol, { single: Record<string, Translate>; pairs: Pair[] }> = {
  watch: {
    single: {
      positionIntervalSeconds: (value) => [{ command: { type: 'positionPeriodic', attributes: { frequency: Number(value) } }, settings: { positionIntervalSeconds: value } }],
      sosNumbers: (value) => {
        const numbers = Array.isArray(value) ? value.map(String) : [];
        return Array.from({ length: SOS_SLOTS }, (_, i) => {
          const phone = numbers[i] ?? '';
          return { command: { type: 'sosNumber', attributes: { index: i + 1, phone } }, settings: { [`sosNumbers[${i + 1}]`]: phone } };
        });
      },
      lowBatteryAlarm: (value) => [{ command: { type: 'alarmBattery', attributes: { enable: value === true } }, settings: { lowBatteryAlarm: value } }],
    },
    pairs: [
      {
        first: 'silentFrom',
        second: 'silentTo',
        // HH:MM-HH:MM, as SILENCETIME takes a period.
        translate: (from, to) => ({ command: { type: 'silenceTime', attributes: { data: `${String(from)}-${String(to)}` } }, settings: { silentFrom: from, silentTo: to } }),
      },
    ],
  },
  // Eview's codec takes only raw configuration records (custom); the Tizen app's OsmAnd answers
  // carry only locate-now and custom texts: no setting has a command there yet.
  eview: { single: {}, pairs: [] },
  osmand: { single: {}, pairs: [] },
};

/**
 * The commands that set `changed` on a watch of this protocol, and the settings it cannot take.
 * A setting of a pair (silentFrom, silentTo) needs the other in `changed` too (the caller adds
 * the wanted one: withPartners).
 */
export function settingsCommands(protocol: DeviceProtocol, changed: Record<string, unknown>): { commands: SettingsCommand[]; refused: SettingRefusal[] } {
  const { single, pairs } = CARRIED[protocol];
  const commands: SettingsCommand[] = [];
  const refused: SettingRefusal[] = [];
  for (const [setting, value] of Object.entries(changed)) {
    const pair = pairs.find((p) => p.first === setting || p.second === setting);
    if (pair) {
      const other = pair.first === setting ? pair.second : pair.first;
      if (!(other in changed)) refused.push({ setting, reason: 'pair', other });
      else if (setting === pair.first) commands.push(pair.translate(value, changed[other]));
    } else if (single[setting]) commands.push(...single[setting](value));
    else refused.push({ setting, reason: 'unsupported' });
  }
  return { commands, refused };
}

/**
 * The settings of a device's model that its protocol can carry, in the model's order: what a
 * settings screen offers (a pair only when the model has both). None for a device without a known model.
 */
export function settableSettings(model: string | null): string[] {
  if (!isDeviceModel(model)) return [];
  const { single, pairs } = CARRIED[MODEL_PROTOCOLS[model]];
  const has = Object.keys(SETTINGS_SCHEMAS[model].properties);
  const carried = new Set([...Object.keys(single), ...pairs.filter((p) => has.includes(p.first) && has.includes(p.second)).flatMap((p) => [p.first, p.second])]);
  return has.filter((setting) => carried.has(setting));
}

/** Pairs of settings sent together, whatever the protocol (withPartners completes a change with the wanted partner). */
const PARTNERS = new Map(Object.values(CARRIED).flatMap(({ pairs }) => pairs.flatMap((p) => [[p.first, p.second], [p.second, p.first]] as const)));

/** The given settings, with the wanted partner of each pair one of them is in (quiet hours are sent whole). */
export function withPartners(given: Record<string, unknown>, wanted: Record<string, unknown>): Record<string, unknown> {
  const out = { ...given };
  for (const setting of Object.keys(given)) {
    const other = PARTNERS.get(setting);
    if (other !== undefined && !(other in out) && other in wanted) out[other] = wanted[other];
  }
  return out;
}
