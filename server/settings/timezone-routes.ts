import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { translate } from '../localization/texts';
import { invalid } from '../http/body-validation';
import { refuseTenantUsers } from '../permissions/host-only';
import { saveSettings } from './save-settings';
import { readSettings } from './settings';
import { type Api, NO_CONTENT } from '../http/route-schemas';
import { TIME_ZONE_BODY, TIME_ZONE_QUERY, TIME_ZONE_TEXT, TIME_ZONES, ZONES } from './route-schemas';

const ENDPOINT = '/api/setting-management/timezone';
export const TIME_ZONE_SETTING = 'Abp.Timing.TimeZone';

const formats = new Map<string, Intl.DateTimeFormat>();

/** 'UTC+01:00' now (daylight saving time moves it, so it is not cached). */
function offsetOf(zone: string, now: Date): string {
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(now).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return name.replace('GMT', 'UTC');
}

/**
 * ABP's time zone setting: GET answers the zone as text (as ABP's string result), PUT takes it as
 * `?timezone=` (ABP) or `{ "timezone": ... }`; `/timezones` lists the choices as ABP's
 * `[{ name, value }]`. For the host or for the tenant a host user picked.
 */
export async function timeZoneRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  app.addHook('preValidation', refuseTenantUsers);
  const schema = { tags: ['settings'] };
  const policy = POLICIES.timeZoneSettings;

  app.get(ENDPOINT, { config: { policy }, schema: { ...schema, summary: 'The time zone', response: { 200: TIME_ZONE_TEXT } } }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send((await readSettings(db, request.tenantId))[TIME_ZONE_SETTING]),
  );

  app.get(`${ENDPOINT}/timezones`, { config: { policy }, schema: { ...schema, summary: 'Time zones to choose from', response: { 200: TIME_ZONES } } }, async () => {
    const now = new Date();
    return [...ZONES].sort().map((zone) => ({ name: `${zone} (${offsetOf(zone, now)})`, value: zone }));
  });

  app.put(ENDPOINT, { config: { policy }, schema: { ...schema, summary: 'Change the time zone', querystring: TIME_ZONE_QUERY, body: TIME_ZONE_BODY, response: NO_CONTENT } }, async (request, reply) => {
    // Given in neither place, there is none to set; a name this runtime does not know is none either.
    const zone = request.query.timezone ?? request.body?.timezone;
    if (zone === undefined || !ZONES.has(zone)) {
      throw invalid(request.language, [{ message: translate('settings.unknownTimeZone', request.language), members: ['timezone'] }]);
    }
    await saveSettings(db, request, { [TIME_ZONE_SETTING]: zone });
    return reply.status(204).send();
  });
}
