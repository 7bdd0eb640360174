import { useMemo } from 'react';
import { BulkDeleteButton } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { UploadCsvButton } from '../../components/csv-upload/UploadCsvButton';
import type { ResourceSchema } from '../../../common/schema/types';
import { schemaOf } from '../../schema/registry';
import SchemaList from '../../schema/views/SchemaList';
import { SchemaListActions } from '../../schema/views/SchemaListActions';
import { ExchangeButton } from './ExchangeButton';
import { ReportsMenu } from './ReportsMenu';
import { SendCommandButton } from './SendCommandButton';
import { StopMenuButton } from './StopMenuButton';

const UPLOAD = { path: '/api/app/productInstance/hostData/batchCreate', title: 'stock:upload.title', help: 'stock:upload.help' } as const;

/**
 * The filters shown above the list, after the search: few enough to sit in one row on a laptop
 * (1366 px). The schema's other filters (subscription, out of service, citizen, battery and
 * last-contact ranges, SIM card, owner) stay one click away behind "Add filter".
 */
const DEVICE_ROW_FILTERS = ['status'] as const;

/** The schema with only DEVICE_ROW_FILTERS pinned; every `x-filter` field is still offered. */
function withRowFilters(schema: ResourceSchema, pinned: readonly string[]): ResourceSchema {
  const resource = schema['x-resource'];
  const flagged = new Set(Object.entries(schema.properties).flatMap(([field, property]) => (property['x-filter'] ? [field] : [])));
  // A field the schema pins without flagging it would vanish once unpinned: flag it here.
  const unpinned = (resource.list.filters ?? []).filter((field) => !pinned.includes(field) && !flagged.has(field) && schema.properties[field]);
  const properties = { ...schema.properties };
  for (const field of unpinned) properties[field] = { ...properties[field]!, 'x-filter': true };
  return { ...schema, properties, 'x-resource': { ...resource, list: { ...resource.list, filters: pinned.filter((field) => schema.properties[field]) } } };
}

/**
 * The generated device list with the stock work of back-office staff: devices from a CSV file,
 * data reports, and for the selected devices a command, the stop reasons, back in service and exchange.
 */
export function DeviceList() {
  const full = schemaOf('devices');
  const schema = useMemo(() => (full ? withRowFilters(full, DEVICE_ROW_FILTERS) : undefined), [full]);
  // The stock texts (dialogs, menus) are one namespace, loaded with the list.
  const { ready } = useTranslation('stock');
  if (!schema || !ready) return null;
  return (
    <SchemaList
      schema={schema}
      actions={
        <SchemaListActions>
          <UploadCsvButton schema={schema} target={UPLOAD} />
          <ReportsMenu />
        </SchemaListActions>
      }
      // Upload CSV is how devices usually arrive: keep the toolbar on an empty list.
      empty={false}
      bulkActionButtons={
        <>
          <SendCommandButton />
          <ExchangeButton />
          <StopMenuButton />
          <BulkDeleteButton />
        </>
      }
    />
  );
}
