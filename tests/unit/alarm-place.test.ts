import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bearingDegrees, distanceMeters, distanceOutside, zoneCenter, type Zone } from '../../common/geo';
import { compassPoint, describePlace, formatDistance, placeAttributes, placeFromAttributes } from '../../server/alarms/place';
import { renderAlarm, type RenderAlarmInput } from '../../server/alarms/render';
import { alarmText } from '../../server/alarms/texts';
import { formatWithZone } from '../../common/dates';
import { translate } from '../../server/localization/texts';
import { gsmLength, renderAlarmSms, SMS_LIMIT } from '../../server/alarms/channels/sms-text';

const HOME = { lat: 55.6761, lng: 12.5683 };
const circle: Zone = { kind: 'circle', center: HOME, radius: 100 };
/** A point `m` metres from `from` on bearing `deg` (small distances, flat enough). */
const offset = (from: { lat: number; lng: number }, m: number, deg: number) => {
  const r = (deg * Math.PI) / 180;
  return { lat: from.lat + (m * Math.cos(r)) / 111_195, lng: from.lng + (m * Math.sin(r)) / (111_195 * Math.cos((from.lat * Math.PI) / 180)) };
};
const t = (culture: string) => (key: string, values: Record<string, string | number> = {}) => translate(`tracking:${key}`, culture, values);

describe('where the person is', () => {
  it('tells distance and direction from a circle: 420 m from the centre, 320 m north-east of its edge', () => {
    const p = offset(HOME, 420, 45);
    const place = placeAttributes(p, 12.4, [{ id: 'z', name: 'Home', zone: circle }], 'z');
    expect(place).toEqual({ accuracy: 12, distance: 320, bearing: 45, placeZone: 'Home' });
    const words = describePlace(placeFromAttributes({ latitude: p.lat, longitude: p.lng, ...place }), 'en', t('en'));
    expect(words.distance).toBe('320 m north-east of Home');
    expect(words.coordinates).toBe(`${p.lat.toFixed(5)}, ${p.lng.toFixed(5)} (±12 m)`);
    expect(describePlace(placeFromAttributes({ latitude: p.lat, longitude: p.lng, ...place }), 'de-DE', t('de-DE')).distance).toBe('320 m nordöstlich von Home');
  });

  it('is inside (distance 0) within the zone, and picks the nearest zone when the event names none', () => {
    const polygon: Zone = { kind: 'polygon', points: [offset(HOME, 2000, 0), offset(HOME, 2000, 90), offset(HOME, 2000, 180), offset(HOME, 2000, 270)] };
    const p = offset(HOME, 150, 180);
    const place = placeAttributes(p, null, [{ id: 'big', name: 'Town', zone: polygon }, { id: 'z', name: 'Home', zone: circle }]);
    expect(place.placeZone).toBe('Town');
    expect(place.distance).toBe(0);
    expect(describePlace(placeFromAttributes({ latitude: p.lat, longitude: p.lng, ...place }), 'en', t('en')).distance).toBe('in Town');
    expect(placeAttributes(p, 5, []).distance).toBeNull();
  });

  it('property: the distance outside a circle is the centre distance less the radius, the bearing is the way from the centre', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 5000, noNaN: true }), fc.double({ min: 0, max: 359.9, noNaN: true }), (m, deg) => {
        const p = offset(HOME, m, deg);
        const d = distanceOutside(p, circle);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(Math.abs(d - Math.max(0, distanceMeters(p, HOME) - 100))).toBeLessThan(1e-6);
        if (m > 5) {
          const b = bearingDegrees(zoneCenter(circle), p);
          const diff = Math.abs(((b - deg + 540) % 360) - 180);
          expect(diff).toBeLessThan(0.5);
        }
      }),
    );
  });

  it('property: compass points cover every bearing, and the way back is the opposite point', () => {
    const opposite = { n: 's', ne: 'sw', e: 'w', se: 'nw', s: 'n', sw: 'ne', w: 'e', nw: 'se' } as const;
    fc.assert(
      fc.property(fc.double({ min: -720, max: 720, noNaN: true }), (b) => {
        const p = compassPoint(b);
        // Exactly halfway between two points rounds either way; away from that the opposite holds.
        const frac = ((((b % 45) + 45) % 45) / 45);
        if (Math.abs(frac - 0.5) > 1e-6) expect(compassPoint(b + 180)).toBe(opposite[p]);
      }),
    );
  });

  it('property: a polygon point outside is as far as its nearest edge, inside is 0', () => {
    const square: Zone = { kind: 'polygon', points: [offset(HOME, 500, 315), offset(HOME, 500, 45), offset(HOME, 500, 135), offset(HOME, 500, 225)] };
    fc.assert(
      fc.property(fc.double({ min: 0, max: 3000, noNaN: true }), fc.double({ min: 0, max: 359.9, noNaN: true }), (m, deg) => {
        const d = distanceOutside(offset(HOME, m, deg), square);
        // The square's half side is about 354 m: nothing within is outside, nothing beyond 500 m inside.
        if (m < 350) expect(d).toBe(0);
        if (m > 510) expect(d).toBeGreaterThan(0);
        expect(d).toBeLessThanOrEqual(Math.max(0, m - 353));
      }),
    );
  });

  it('says distances as people do', () => {
    expect(formatDistance(42, 'en')).toBe('40 m');
    expect(formatDistance(318, 'en')).toBe('320 m');
    expect(formatDistance(1234, 'en')).toBe('1.2 km');
    expect(formatDistance(1234, 'da-DK')).toBe('1,2 km');
    expect(formatDistance(23_456, 'en')).toBe('23 km');
  });
});

describe('alarm texts', () => {
  const base: RenderAlarmInput = {
    event: { id: '6f1c1f64-6a39-4f0a-9a64-0d5c7a1f0001', tenantId: null, deviceName: "Mum's watch", type: 'geofenceExit', time: new Date('2026-11-24T13:05:00Z'), attributes: { geofenceName: 'Home', latitude: 55.6788, longitude: 12.5715, accuracy: 12, distance: 320, bearing: 45, placeZone: 'Home' } },
    receiver: { language: 'en' },
    texts: new Map(),
    timeZone: 'Europe/Copenhagen',
    publicUrl: 'https://vigil.example',
  };

  it('tells the time with its zone', () => {
    expect(formatWithZone(new Date('2026-11-24T13:05:00Z'), 'Europe/Copenhagen')).toBe('14:05 CET - 24/11/26');
    expect(formatWithZone(new Date('2026-07-24T13:05:00Z'), 'Europe/Copenhagen')).toBe('15:05 CEST - 24/07/26');
    expect(formatWithZone(new Date('2026-11-24T13:05:00Z'), 'Not/AZone')).toBe('13:05 UTC - 24/11/26');
  });

  it('renders subject, text, HTML, short and link with the place', () => {
    const r = renderAlarm(base);
    expect(r.subject).toBe("Mum's watch has left Home");
    expect(r.link).toBe('https://vigil.example/dashboard?alarm=6f1c1f64-6a39-4f0a-9a64-0d5c7a1f0001');
    expect(r.text).toContain('left the safe zone Home at 14:05 CET - 24/11/26');
    expect(r.text).toContain('Where: 320 m north-east of Home · 55.67880, 12.57150 (±12 m)');
    expect(r.text).toContain(r.link);
    // In-app, the dashboard's button opens the map at the alarm: the same text without the link's sentence.
    expect(r.inAppText).toContain('Where: 320 m north-east of Home · 55.67880, 12.57150 (±12 m)');
    expect(r.inAppText).not.toContain(r.link);
    expect(r.text).toBe(`${r.inAppText}\n\nSee it on the map: ${r.link}`);
    expect(r.html).toContain(`href="${r.link}"`);
    expect(r.html).toContain('320 m north-east of Home');
    expect(r.short).toBe("Left safe zone: Mum's watch, 14:05 CET - 24/11/26");
    const withAddress = renderAlarm({ ...base, address: 'Vesterbrogade 1, 1620 København' });
    expect(withAddress.text).toContain('Where: Vesterbrogade 1, 1620 København · 320 m north-east of Home');
    expect(withAddress.html).toContain('Vesterbrogade 1, 1620 København');
  });

  it('escapes typed names in the HTML, never in the plain text', () => {
    const r = renderAlarm({ ...base, event: { ...base.event, deviceName: '<script>alert(1)</script>', attributes: { ...base.event.attributes, geofenceName: '<img src=x onerror=alert(2)>', placeZone: '<img src=x onerror=alert(2)>' } } });
    expect(r.html).not.toContain('<script>');
    expect(r.html).not.toContain('<img');
    expect(r.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(r.text).toContain('<script>alert(1)</script>');
  });

  it('says the battery as reported and since when a watch is quiet, in every language', () => {
    const battery = { ...base.event, type: 'lowBattery' as const, attributes: { battery: 19.8, latitude: 55.6761, longitude: 12.5683 } };
    expect(renderAlarm({ ...base, event: battery }).subject).toBe("Low battery on Mum's watch (19.8 %)");
    expect(renderAlarm({ ...base, event: battery, receiver: { language: 'da-DK' } }).subject).toBe("Lavt batteri i Mum's watch (19,8 %)");
    const offline = { ...base.event, type: 'offline' as const, attributes: { lastFix: '2026-11-24T12:40:00.000Z', latitude: 55.6761, longitude: 12.5683 } };
    for (const language of ['en', 'da-DK', 'de-DE', 'sv', 'no']) {
      const r = renderAlarm({ ...base, event: offline, receiver: { language } });
      expect(r.text, language).toContain('13:40 CET - 24/11/26');
      expect(r.text, language).not.toMatch(/\{\{/);
      expect(r.html, language).not.toMatch(/\{\{/);
    }
  });

  it("fills a tenant's own text's new placeholders, and adds place and link only where it has none", () => {
    const texts = new Map([['null|geofenceExit|en', { subject: 'OUT {{device}}', body: 'At {{place}} ({{distance}}) - {{link}}' }]]);
    const r = renderAlarm({ ...base, texts });
    expect(r.subject).toBe("OUT Mum's watch");
    expect(r.text).toBe(`At 320 m north-east of Home · 55.67880, 12.57150 (±12 m) (320 m north-east of Home) - ${r.link}`);
    // The tenant's text placed the link itself: in-app keeps it.
    expect(r.inAppText).toBe(r.text);
    // The older helper fills what it is given and leaves no placeholder behind.
    expect(alarmText(texts, null, 'geofenceExit', 'en', { device: 'X' }).body).toBe('At  () - ');
  });

  it('makes one SMS of at most 160 GSM characters with type, watch, time and link', () => {
    const sms = renderAlarmSms({ type: 'sos', deviceName: "Mum's watch", time: new Date('2026-11-24T13:05:00Z'), timeZone: 'Europe/Copenhagen', language: 'en', publicUrl: 'https://vigil.example', eventId: base.event.id });
    expect(sms).toBe(`SOS alarm: Mum's watch, 14:05 CET - 24/11/26 https://vigil.example/dashboard?alarm=${base.event.id}`);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.constantFrom('en', 'da-DK', 'de-DE', 'sv', 'no'), (name, language) => {
        const text = renderAlarmSms({ type: 'geofenceExit', deviceName: name, time: new Date(), timeZone: 'Europe/Oslo', language, publicUrl: 'https://vigil.example', eventId: base.event.id });
        expect(gsmLength(text)).not.toBeNull();
        expect(gsmLength(text)!).toBeLessThanOrEqual(SMS_LIMIT);
        expect(text.endsWith(`https://vigil.example/dashboard?alarm=${base.event.id}`)).toBe(true);
      }),
    );
  });
});
