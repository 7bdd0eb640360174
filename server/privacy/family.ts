import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import { translate } from '../localization/texts';
import type { Db } from '../db/database';
import { EMPTY_OBJECT, ERASURE_BODY, OWN_ERASURE_BODY, SUBJECT_BODY } from './route-schemas';
import { resolveSubject, type Subject } from './subject';
import type { PrivacySubjectType } from './tables';

/** A request's input: the subject (staff name it) and, for an erasure, the typed confirmation. */
export interface PrivacyInput {
  subjectType?: PrivacySubjectType;
  subjectId?: string;
  confirmation?: string;
}

/**
 * The privacy routes come twice: staff name the subject (a citizen or a carer of their tenant,
 * under the citizens policy); a carer's own routes (/my, under the account policy) always mean the
 * caller. Both answer the same way.
 */
export interface Family {
  base: string;
  policy: string;
  own: boolean;
  /** The body of an export request and the query of a preview. */
  subjectSchema: typeof SUBJECT_BODY | typeof EMPTY_OBJECT;
  erasureSchema: typeof ERASURE_BODY | typeof OWN_ERASURE_BODY;
  /** Whose data the request is about, checked: 404 outside the caller's tenant or care. */
  subject(db: Db, request: FastifyRequest, input: PrivacyInput): Promise<Subject>;
}

/** The privacy routes' field labels (route config `fieldLabel`). */
export const fieldLabel = (member: string, lang: string) => translate(`privacy:fields.${member}`, lang);

export const STAFF: Family = {
  base: '/api/app/privacy',
  policy: POLICIES.citizens,
  own: false,
  subjectSchema: SUBJECT_BODY,
  erasureSchema: ERASURE_BODY,
  subject: (db, request, input) => resolveSubject(db, request, input.subjectType!, input.subjectId!),
};

export const OWN: Family = {
  base: '/api/app/privacy/my',
  policy: POLICIES.account,
  own: true,
  subjectSchema: EMPTY_OBJECT,
  erasureSchema: OWN_ERASURE_BODY,
  subject: (db, request) => resolveSubject(db, request, 'user', request.principal!.userId),
};
