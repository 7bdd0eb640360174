import { describe, expect, it } from 'vitest';
import { catalogueOf, encodes, toDeviceCommand } from '../../server/commands/catalogue';
import { applySettings, isInSync } from '../../server/commands/device-settings';
import { DEVICE_MODELS, MODEL_PROTOCOLS, protocolOfModel } from '../../server/commands/models';
import { settableSettings, settingsCommands, withPartners } from '../../server/commands/settings-commands';
import { SETTINGS_SCHEMAS } from '../../server/commands/settings-schemas';
import { watchCodec } from '../../server/protocols/watch';

const WATCH_ID = '9051000884';
/** The frame a 3G watch is sent for a command, as text. */
const frame = (command: Parameters<typeof watchCodec.encode>[1]) => {
  const bytes = watchCodec.encode(WATCH_ID, command);
  return bytes === null ? null : String.fromCharCode(...bytes);
};

/** Device settings as protocol commands (server/commands/settings-commands.ts), and what an acknowledgement makes of them. */
describe('settings as commands', () => {
  it('names one protocol for every model: the 3G family, Eview, and OsmAnd for the Tizen app', () => {
    expect(Object.fromEntries(DEVICE_MODELS.map((m) => [m, protocolOfModel(m)]))).toEqual({ rtos: 'watch', l10: 'watch', evi: 'eview', watch4: 'watch', tizen: 'osmand' });
    expect(protocolOfModel(null)).toBeNull();
    expect(protocolOfModel('nokia')).toBeNull();
    expect(catalogueOf('watch')).toEqual(watchCodec.commands);
    expect(catalogueOf('eview')).toEqual(['custom']);
    expect(catalogueOf('osmand')).toEqual(['positionSingle', 'custom']);
  });

  it('turns a 3G watch’s settings into the frames the watch takes, each naming what it sets', () => {
    const { commands, refused } = settingsCommands('watch', { positionIntervalSeconds: 60, sosNumbers: ['+4511111111', '22222222'], lowBatteryAlarm: false, silentFrom: '22:00', silentTo: '07:30' });
    expect(refused).toEqual([]);
    expect(commands.map((c) => [frame(c.command), c.settings])).toEqual([
      ['[CS*9051000884*0009*UPLOAD,60]', { positionIntervalSeconds: 60 }],
      ['[CS*9051000884*0010*SOS1,+4511111111]', { 'sosNumbers[1]': '+4511111111' }],
      ['[CS*9051000884*000d*SOS2,22222222]', { 'sosNumbers[2]': '22222222' }],
      // The third slot is cleared: the watch keeps no number staff removed.
      ['[CS*9051000884*0005*SOS3,]', { 'sosNumbers[3]': '' }],
      ['[CS*9051000884*0008*LOWBAT,0]', { lowBatteryAlarm: false }],
      ['[CS*9051000884*0017*SILENCETIME,22:00-07:30]', { silentFrom: '22:00', silentTo: '07:30' }],
    ]);
  });

  it('refuses what the protocol cannot carry, and half of quiet hours', () => {
    expect(settingsCommands('watch', { fallDetection: true, lowBatteryThreshold: 20, positionIntervalSeconds: 30 }).refused).toEqual([
      { setting: 'fallDetection', reason: 'unsupported' },
      { setting: 'lowBatteryThreshold', reason: 'unsupported' },
    ]);
    expect(settingsCommands('watch', { silentTo: '07:00' })).toEqual({ commands: [], refused: [{ setting: 'silentTo', reason: 'pair', other: 'silentFrom' }] });
    // Eview's codec and the Tizen app's OsmAnd answers carry no setting.
    for (const model of ['evi', 'tizen'] as const) {
      const every = Object.fromEntries(Object.keys(SETTINGS_SCHEMAS[model].properties).map((k) => [k, 1]));
      const { commands, refused } = settingsCommands(MODEL_PROTOCOLS[model], every);
      expect(commands).toEqual([]);
      expect(refused.map((r) => r.setting)).toEqual(Object.keys(every));
    }
  });

  it('offers per model only the settings its protocol can carry, each one of them accepted', () => {
    expect(Object.fromEntries(DEVICE_MODELS.map((m) => [m, settableSettings(m)]))).toEqual({
      rtos: ['positionIntervalSeconds', 'sosNumbers', 'lowBatteryAlarm'],
      l10: ['positionIntervalSeconds', 'sosNumbers', 'lowBatteryAlarm'],
      evi: [],
      watch4: ['positionIntervalSeconds', 'sosNumbers', 'lowBatteryAlarm', 'silentFrom', 'silentTo'],
      tizen: [],
    });
    expect(settableSettings(null)).toEqual([]);
    expect(settableSettings('nokia')).toEqual([]);
    const values: Record<string, unknown> = { positionIntervalSeconds: 60, sosNumbers: ['+4511111111'], lowBatteryAlarm: true, silentFrom: '22:00', silentTo: '07:00' };
    for (const model of DEVICE_MODELS) {
      const offered = Object.fromEntries(settableSettings(model).map((s) => [s, values[s]]));
      expect(settingsCommands(MODEL_PROTOCOLS[model], offered).refused, model).toEqual([]);
    }
  });

  it('sends quiet hours whole: a change of one end takes the wanted other', () => {
    expect(withPartners({ silentFrom: '23:00' }, { silentFrom: '22:00', silentTo: '06:00', positionIntervalSeconds: 60 })).toEqual({ silentFrom: '23:00', silentTo: '06:00' });
    expect(withPartners({ silentFrom: '23:00' }, {})).toEqual({ silentFrom: '23:00' });
    expect(withPartners({ positionIntervalSeconds: 60 }, { silentTo: '06:00' })).toEqual({ positionIntervalSeconds: 60 });
    const [quiet] = settingsCommands('watch', withPartners({ silentTo: '05:45' }, { silentFrom: '21:10', silentTo: '07:30' })).commands;
    expect(frame(quiet!.command)).toBe('[CS*9051000884*0017*SILENCETIME,21:10-05:45]');
  });

  it('merges acknowledged slots into the reported list, ending at its last filled slot', () => {
    const wanted = { sosNumbers: ['+4511111111', '22222222'] };
    const { commands } = settingsCommands('watch', wanted);
    // Acknowledged out of order, over what the watch reported before: in sync only with all three.
    let reported: Record<string, unknown> = { sosNumbers: ['99999999', '88888888', '77777777'], batteryLevel: 80 };
    reported = applySettings(reported, commands[1]!.settings);
    expect(reported.sosNumbers).toEqual(['99999999', '22222222', '77777777']);
    reported = applySettings(reported, commands[2]!.settings);
    expect(reported.sosNumbers).toEqual(['99999999', '22222222']);
    expect(isInSync(wanted, reported)).toBe(false);
    reported = applySettings(reported, commands[0]!.settings);
    expect(reported).toEqual({ sosNumbers: ['+4511111111', '22222222'], batteryLevel: 80 });
    expect(isInSync(wanted, reported)).toBe(true);
    // A slot acknowledged first leaves the ones before it empty, not missing.
    expect(applySettings({}, { 'sosNumbers[2]': '33333333' })).toEqual({ sosNumbers: ['', '33333333'] });
    expect(applySettings({ sosNumbers: ['1111'] }, { 'sosNumbers[1]': '' })).toEqual({ sosNumbers: [] });
  });
});

describe('commands by protocol', () => {
  it('checks a command against the protocol’s catalogue and encoder', () => {
    expect(encodes('watch', '356938035643809', { type: 'positionPeriodic', attributes: { frequency: 60 } })).toBe(true);
    expect(encodes('watch', '356938035643809', { type: 'positionPeriodic', attributes: { frequency: 'often' } })).toBe(false);
    expect(encodes('watch', '356938035643809', { type: 'custom', attributes: { data: 'Åse' } })).toBe(false);
    expect(encodes('eview', '356938035643809', { type: 'positionSingle', attributes: {} })).toBe(false);
    expect(encodes('eview', '356938035643809', { type: 'custom', attributes: { data: '0144' } })).toBe(true);
    expect(encodes('eview', '356938035643809', { type: 'custom', attributes: { data: 'not hex' } })).toBe(false);
    expect(encodes('osmand', '356938035643809', { type: 'custom', attributes: { data: 'Åse, ring hjem' } })).toBe(true);
    expect(encodes('osmand', '356938035643809', { type: 'custom', attributes: { data: 'two\nlines' } })).toBe(false);
    expect(encodes('osmand', '356938035643809', { type: 'rebootDevice', attributes: {} })).toBe(false);
  });

  it('gives the transport the command of a queued row: a template as custom text, settings left out', () => {
    expect(toDeviceCommand({ id: 'a', type: 'template', text: 'UPLOAD,60#', attributes: {} })).toEqual({ type: 'custom', attributes: { data: 'UPLOAD,60#' } });
    expect(toDeviceCommand({ id: 'b', type: 'sosNumber', text: 'sosNumber', attributes: { index: 1, phone: '+4511111111', settings: { 'sosNumbers[1]': '+4511111111' } } })).toEqual({
      type: 'sosNumber',
      attributes: { index: 1, phone: '+4511111111' },
    });
    // Rows from before command types: nothing a protocol sends.
    expect(toDeviceCommand({ id: 'c', type: 'settings', text: 'settings', attributes: { fallDetection: true } })).toBeNull();
    expect(toDeviceCommand({ id: 'd', type: 'history', text: 'history', attributes: {} })).toBeNull();
  });
});
