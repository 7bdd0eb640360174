import type {} from '@fastify/swagger';
import { POLICIES } from '../../common/policies';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { ID_PARAMS, NO_CONTENT, NOT_FOUND, type Api } from '../http/route-schemas';
import { translate } from '../localization/texts';
import { receiverDto } from './receiver-dto';
import { inviteReceiverNeutrally } from './receiver-invite';
import { notFound } from '../http/errors';
import { ownerOf, requireOwnDevice } from './scope';
import { escalationRoutes } from './escalation-routes';
import { INVITE_BODY, INVITE_SENT, RECEIVER_LIST, RECEIVERS_QUERY, TOO_MANY } from './route-schemas';

const DASHBOARD = POLICIES.dashboard;
const tags = ['plugandplay-profile-receivers'];

const fieldLabel = (member: string, lang: string) => translate(`devices:fields.${member}`, lang);

/**
 * Alarm receivers per device (/api/plugandplay/profile: invite-user, invited-by-user,
 * delete-invited-user): always through a device the caller owns; invite-user answers the same
 * whether or not the address has an account, and the list shows addresses, not names.
 */
export async function receiverRoutes(app: Api, opts: { db: Db; config: Config }) {
  const { db, config } = opts;
  const base = '/api/plugandplay/profile';
  // The escalation order beside the receivers (its own plugin: it compiles its schemas its own way).
  await app.register(escalationRoutes, { db });

  app.post(
    `${base}/invite-user`,
    {
      config: { policy: `${DASHBOARD}.Update`, fieldLabel },
      schema: { tags, summary: "Add an activated user as an alarm receiver of one of the caller's devices (the same answer for any address)", body: INVITE_BODY, response: { 202: INVITE_SENT, ...TOO_MANY, ...NOT_FOUND } },
    },
    async (request, reply) => {
      // People paste addresses with a space around them; that is not a different address.
      const body = { ...request.body, email: request.body.email.trim() };
      return inviteReceiverNeutrally(db, request, reply, ownerOf(request), body, config.publicUrl);
    },
  );

  const listSchema = { tags, summary: "Alarm receivers of the caller's devices (optionally of one device)", querystring: RECEIVERS_QUERY, response: { 200: RECEIVER_LIST, ...NOT_FOUND } };
  app.get(`${base}/invited-by-user`, { config: { policy: DASHBOARD }, schema: listSchema }, async (request) => {
    const owner = ownerOf(request);
    const deviceId = request.query.deviceId;
    if (deviceId !== undefined) await requireOwnDevice(db, owner, deviceId, request.language);
    const rows = await db
      .selectFrom('device_alarm_receivers as r')
      .innerJoin('devices as d', 'd.id', 'r.device_id')
      .selectAll('r')
      .where('d.owner_user_id', '=', owner.userId)
      .where('d.is_deleted', '=', false)
      .where('d.tenant_id', owner.tenantId === null ? 'is' : '=', owner.tenantId)
      .$if(deviceId !== undefined, (q) => q.where('r.device_id', '=', deviceId!))
      .orderBy('r.creation_time')
      .orderBy('r.id')
      .execute();
    // The address the owner typed is enough: the account's name and id are not the owner's to read.
    return { items: rows.map((row) => ({ ...receiverDto(row), name: null, userId: null })) };
  });

  app.delete(
    `${base}/delete-invited-user/:id`,
    { config: { policy: `${DASHBOARD}.Update` }, schema: { tags, summary: "Remove an alarm receiver from one of the caller's devices", params: ID_PARAMS, response: NO_CONTENT } },
    async (request, reply) => {
      const owner = ownerOf(request);
      const removed = await db
        .deleteFrom('device_alarm_receivers')
        .where('id', '=', request.params.id)
        .where('device_id', 'in', (eb) =>
          eb
            .selectFrom('devices')
            .select('id')
            .where('owner_user_id', '=', owner.userId)
            .where('is_deleted', '=', false)
            .where('tenant_id', owner.tenantId === null ? 'is' : '=', owner.tenantId),
        )
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw notFound(translate('devices:errors.receiverNotFound', request.language), 'Vigil.Devices:ReceiverNotFound');
      return reply.status(204).send(null);
    },
  );
}
