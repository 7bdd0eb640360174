import { labelKeys } from '../../../common/schema/naming';
import type { AnswerOf, StoredRecord } from '../../providers/openapi/typedApi';
import { schemaOf } from '../../schema/registry';

/** Rows of `GET /api/app/customer/{id}/contacts` and `.../linkedOrganizations` (server/resource-extensions/customers). */
export type ContactPerson = StoredRecord<AnswerOf<'/api/app/customer/{id}/contacts'>['items'][number]>;
export type LinkedOrganization = StoredRecord<AnswerOf<'/api/app/customer/{id}/linkedOrganizations'>['items'][number]>;

/** A field's label of another resource in the user's language, else its schema title. */
export function labelOf(translate: (key: string, options?: Record<string, unknown>) => string, resource: string, field: string): string {
  const title = schemaOf(resource)?.properties[field]?.title ?? field;
  return translate(labelKeys.field(resource, field), { _: title });
}

/** A 400's messages by field (its first member's last name), for the inputs they concern. */
export function fieldErrors(error: unknown): Record<string, string> {
  const problems = (error as { body?: { validationErrors?: { message?: unknown; members?: unknown }[] } } | null)?.body?.validationErrors ?? [];
  const errors: Record<string, string> = {};
  for (const { message, members } of problems) {
    const member = Array.isArray(members) && typeof members[0] === 'string' ? members[0].replace(/^.*[./]/, '') : undefined;
    if (member && typeof message === 'string' && !(member in errors)) errors[member] = message;
  }
  return errors;
}
