import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { NumberField, useCreatePath, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { Computed } from '../../../common/schema/types';
import { labelKeys } from '../../../common/schema/naming';

interface CountLinkProps {
  source: string;
  count: Computed['count'];
  label?: string;
}

/**
 * An `x-computed` count as a link (named 'Contact people: 3': a resource's name is its plural) to those records: the other resource's
 * list filtered on the field that points here.
 */
export function CountLink({ source, count }: CountLinkProps) {
  const record = useRecordContext<RaRecord>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  const value = record?.[source];
  if (!record || typeof value !== 'number') return <NumberField source={source} />;
  const list = createPath({ resource: count.resource, type: 'list' });
  const to = `${list}?${new URLSearchParams({ filter: JSON.stringify({ [count.field]: record.id }) })}`;
  return (
    <Link component={RouterLink} to={to} variant="body2" aria-label={translate('schema.countOf', { name: translate(labelKeys.name(count.resource), { _: count.resource }), count: value })}>
      {value}
    </Link>
  );
}
