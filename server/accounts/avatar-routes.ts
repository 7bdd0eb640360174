import type { FastifyReply, FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES, AVATAR_SNIFF_BYTES, AVATAR_TYPES, avatarProblem, imageTypeOf } from '../../common/avatar';
import { POLICIES } from '../../common/policies';
import { badRequest } from '../http/errors';
import { translate } from '../localization/texts';
import type { ModuleContext } from '../module-context';
import { callerAccount } from './caller';
import type { Api } from '../http/route-schemas';
import { AVATAR_IMAGE, AVATAR_STORED, AVATAR_UPLOAD, AVATAR_UPLOAD_TYPES, NO_CONTENT, NOT_FOUND } from './profile-route-schemas';

const PATH = '/api/plugandplay/avatar';
const tags = ['account'];

/** The refusal of a file that breaks the avatar rule (common/avatar.ts), as a 400 on member 'avatar'. */
function refuse(request: FastifyRequest, problem: { key: string; values?: Record<string, number> }) {
  const message = translate(problem.key, request.language, problem.values ?? {});
  return badRequest(message, [{ members: ['avatar'], message }], 'Vigil:InvalidAvatar');
}

/**
 * The carer's picture (/api/plugandplay/avatar): POST the image's bytes as the body (any
 * Content-Type; the content decides), GET it back, DELETE it. A file over the limit is refused
 * from its Content-Length before the body is read, or when the body passes the limit while being
 * read; a file whose first bytes are not PNG, JPEG, GIF or WebP is refused; nothing is stored then.
 */
export async function avatarRoutes(app: Api, ctx: ModuleContext): Promise<void> {
  const { db } = ctx;

  // This plugin's own parsers: raw bytes for any image or binary upload (JSON stays JSON elsewhere).
  app.addContentTypeParser(/^(image\/[\w.+-]+|application\/octet-stream)$/, { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) => done(null, body));

  const tooBig = { key: 'validation:imageTooBig', values: { size: AVATAR_MAX_BYTES / 1024 / 1024 } };

  app.post(
    PATH,
    {
      config: { policy: `${POLICIES.account}.Update` },
      bodyLimit: AVATAR_MAX_BYTES,
      // The bytes are judged by the handler (avatarProblem), never by a schema.
      schema: { tags, summary: "Upload the caller's picture", consumes: AVATAR_UPLOAD_TYPES, body: AVATAR_UPLOAD, response: { 201: AVATAR_STORED, ...NOT_FOUND } },
      // Before the body is read: the declared size alone is enough to refuse.
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > AVATAR_MAX_BYTES) throw refuse(request, tooBig);
      },
      // A body that passes the limit while streaming (no Content-Length) gets the same message.
      errorHandler: (error: Error & { statusCode?: number }, request: FastifyRequest, _reply: FastifyReply) => {
        if (error.statusCode === 413) throw refuse(request, tooBig);
        throw error;
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Another declared type (text/plain, JSON) arrives parsed: its content is judged all the same.
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body ?? ''));
      const problem = avatarProblem(bytes.length, bytes.subarray(0, AVATAR_SNIFF_BYTES));
      if (problem) throw refuse(request, problem);
      const user = await callerAccount(db, request);
      const contentType = imageTypeOf(bytes)!;
      await db
        .insertInto('user_avatars')
        .values({ user_id: user.id, tenant_id: user.tenant_id, content_type: contentType, size: bytes.length, data: bytes, updated_time: new Date() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ content_type: contentType, size: bytes.length, data: bytes, updated_time: new Date() }))
        .execute();
      return reply.status(201).send({ contentType, size: bytes.length });
    },
  );

  const getSchema = { tags, summary: "The caller's picture; 204 when they have none (not an error: the default icon shows)", response: { 200: AVATAR_IMAGE, ...NO_CONTENT, ...NOT_FOUND } };
  app.get(PATH, { config: { policy: POLICIES.account }, schema: getSchema }, async (request, reply) => {
    const user = await callerAccount(db, request);
    const avatar = await db.selectFrom('user_avatars').select(['content_type', 'data']).where('user_id', '=', user.id).executeTakeFirst();
    if (!avatar || !(AVATAR_TYPES as readonly string[]).includes(avatar.content_type)) return reply.status(204).send();
    return reply
      .header('content-type', avatar.content_type)
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(avatar.data));
  });

  app.delete(PATH, { config: { policy: `${POLICIES.account}.Update` }, schema: { tags, summary: "Remove the caller's picture", response: { ...NO_CONTENT, ...NOT_FOUND } } }, async (request, reply) => {
    const user = await callerAccount(db, request);
    await db.deleteFrom('user_avatars').where('user_id', '=', user.id).execute();
    return reply.status(204).send();
  });
}
