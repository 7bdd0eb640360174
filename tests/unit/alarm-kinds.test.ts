import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALARM_CHANNELS, ALARM_KINDS, ALARM_TYPES, ESCALATING_TYPES, STANDARD_CHANNELS, alarmKindOf, deviceAlarmOf, isUrgent, textKeysOf } from '../../common/alarm-kinds';
import type { ResourceSchema } from '../../common/schema/types';
import { withEnumLists } from '../../common/schema/enum-lists';
import { loadSchemas } from '../../server/schema-engine/load-schemas';

/**
 * The registry of alarm kinds (common/alarm-kinds.ts) is the one list: a kind without its texts
 * in every language, or an alarm-texts resource with its own copy of the event types, fails here.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const LOCALES_DIR = join(ROOT, 'resources', 'locales');
const LANGUAGES = readdirSync(LOCALES_DIR).sort();

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const files = new Map<string, Json>();
function namespace(language: string, ns: string): Json {
  const path = join(LOCALES_DIR, language, `${ns}.json`);
  if (!files.has(path)) files.set(path, JSON.parse(readFileSync(path, 'utf8')) as Json);
  return files.get(path)!;
}

/** The text of `namespace:dotted.key` in a language, or undefined. */
function textOf(language: string, key: string): Json | undefined {
  const [ns, path] = key.split(':') as [string, string];
  let node: Json | undefined = namespace(language, ns);
  for (const part of path.split('.')) node = node !== null && typeof node === 'object' && !Array.isArray(node) ? node[part] : undefined;
  return node;
}

const alarmTexts = JSON.parse(readFileSync(join(ROOT, 'schemas', 'alarm-texts.json'), 'utf8')) as ResourceSchema;

describe('alarm kinds', () => {
  it('are read from the five languages', () => {
    expect(LANGUAGES).toEqual(['da', 'de', 'en', 'nb', 'sv']);
  });

  for (const { kind } of ALARM_KINDS) {
    it(`${kind} has every text it needs in every language`, () => {
      const missing: string[] = [];
      for (const language of LANGUAGES) {
        for (const key of Object.values(textKeysOf(kind))) {
          const text = textOf(language, key);
          if (typeof text !== 'string' || text.trim() === '') missing.push(`${language}/${key}`);
        }
        const label = alarmTexts['x-translations']?.[language]?.enums?.eventType?.[kind];
        if (!label?.trim()) missing.push(`${language}/schemas/alarm-texts.json x-translations.enums.eventType.${kind}`);
      }
      expect(missing).toEqual([]);
    });
  }

  // What server/alarms/render.ts fills an alarm's subject and body with.
  const RENDERED = new Set(['device', 'zone', 'time', 'battery', 'since', 'place', 'distance', 'link']);
  const variablesOf = (text: Json | undefined) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();

  for (const { kind } of ALARM_KINDS) {
    it(`${kind}'s subject and body use the values an alarm is rendered with, the same in every language`, () => {
      const { subject, body } = textKeysOf(kind);
      for (const key of [subject, body]) {
        const english = variablesOf(textOf('en', key));
        expect(english, key).toContain('device');
        for (const name of english) expect(RENDERED, `${key}: {{${name}}}`).toContain(name);
        for (const language of LANGUAGES) expect(variablesOf(textOf(language, key)), `${language}/${key}`).toEqual(english);
      }
    });
  }

  it('are the event types of the alarm-texts resource, in order, with no copy of the list in its file', () => {
    expect(alarmTexts.properties.eventType?.enum).toBeUndefined();
    expect(alarmTexts.properties.eventType?.['x-enum']).toBe('alarmKinds');
    const served = loadSchemas(join(ROOT, 'schemas')).find((schema) => schema['x-resource'].name === 'alarm-texts');
    expect(served?.properties.eventType?.enum).toEqual([...ALARM_TYPES]);
    expect(served?.properties.eventType).not.toHaveProperty('x-enum');
  });

  it('as a list a schema names: an unknown list, or a list beside an enum, names the file', () => {
    const schema = (eventType: ResourceSchema['properties'][string]) => ({ ...alarmTexts, properties: { ...alarmTexts.properties, eventType } });
    expect(() => withEnumLists(schema({ type: 'string', 'x-enum': 'alarmKind' as 'alarmKinds' }), 'x.json')).toThrow("x.json: eventType: x-enum 'alarmKind' is not one of alarmKinds");
    expect(() => withEnumLists(schema({ type: 'string', enum: ['sos'], 'x-enum': 'alarmKinds' }), 'x.json')).toThrow('x.json: eventType: has both enum and x-enum');
  });

  it('have unique names, channels to send on and device codes of one kind each', () => {
    expect(new Set(ALARM_TYPES).size).toBe(ALARM_TYPES.length);
    for (const k of ALARM_KINDS) {
      expect(k.channels.length, k.kind).toBeGreaterThan(0);
      for (const c of k.channels) expect(ALARM_CHANNELS).toContain(c);
    }
    const codes = ALARM_KINDS.flatMap((k) => (k.detector.by === 'device' ? k.detector.codes : []));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('answer what evaluation, escalation and the dashboard ask', () => {
    expect(ESCALATING_TYPES).toEqual(expect.arrayContaining(['geofenceExit', 'sos', 'fall']));
    for (const calm of ['geofenceEnter', 'lowBattery', 'offline']) expect(ESCALATING_TYPES).not.toContain(calm);
    expect(['sos', 'fall', 'geofenceExit'].every(isUrgent)).toBe(true);
    expect(isUrgent('lowBattery') || isUrgent('alarmTaken') || isUrgent('unknown')).toBe(false);
    expect([deviceAlarmOf('sos'), deviceAlarmOf('fallDown'), deviceAlarmOf('fall'), deviceAlarmOf('other'), deviceAlarmOf(1)]).toEqual(['sos', 'fall', 'fall', null, null]);
  });

  it('take a watch taken off the wrist (Traccar\'s `removing`) as an urgent alarm that escalates on the standard channels', () => {
    expect(alarmKindOf('offWrist')).toEqual({ kind: 'offWrist', urgent: true, escalates: true, channels: STANDARD_CHANNELS, detector: { by: 'device', codes: ['removing'] } });
    expect(deviceAlarmOf('removing')).toBe('offWrist');
    expect(ESCALATING_TYPES).toContain('offWrist');
    expect(textKeysOf('offWrist')).toHaveProperty('taken', 'devices:escalation.types.offWrist');
  });

  it('map the alarm codes the watch protocols decode to the kinds they raise, and no others', () => {
    // server/protocols/watch and eview: the codes of their status words, as Traccar names them.
    const raised = Object.fromEntries(['sos', 'fallDown', 'removing', 'lowBattery', 'geofenceExit', 'geofenceEnter', 'powerCut', 'overspeed', 'general'].map((code) => [code, deviceAlarmOf(code)]));
    // Zones are Vigil's own (evaluate.ts) and low battery is the device's threshold: a watch's word for them is not an alarm.
    expect(raised).toEqual({ sos: 'sos', fallDown: 'fall', removing: 'offWrist', lowBattery: null, geofenceExit: null, geofenceEnter: null, powerCut: null, overspeed: null, general: null });
  });
});
