import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { labelKeys } from '../../common/schema/naming';
import type { ResourceSchema } from '../../common/schema/types';
import { fieldTitle } from './labels';

/** A field's label in the user's language (`resources.<name>.fields.<field>`), else the schema's title. */
export function useFieldLabel(schema: ResourceSchema): (field: string) => string {
  const translate = useTranslate();
  const resource = schema['x-resource'].name;
  return useCallback(
    (field: string) => translate(labelKeys.field(resource, field), { _: fieldTitle(schema, field) }),
    [translate, resource, schema],
  );
}
