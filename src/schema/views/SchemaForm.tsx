import { useCallback, type ReactNode } from 'react';
import { TabbedForm, TabbedFormTabs, useTranslate } from 'react-admin';
import { labelKeys } from '../../../common/schema/naming';
import type { ResourceSchema } from '../../../common/schema/types';
import { AppSimpleForm } from '../../components/forms/AppSimpleForm';
import { FormErrorNotification } from '../../components/forms/FormErrorNotification';
import { SchemaInput } from '../components/SchemaInput';
import { formFields, isRequired, tabsFor } from '../fields';
import { humanize } from '../labels';
import { useSchemaValidator } from '../validation/useSchemaValidator';

/** Initial values of a new record: the schema's `default`s. */
export function createDefaults(schema: ResourceSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema.properties).flatMap(([field, p]) => (p.default !== undefined ? [[field, p.default]] : [])));
}

/**
 * The generated create and edit form: one input per shown property, in tabs when the schema has
 * them, validated in the browser by the same JSON Schema and messages as on the server.
 * `tabExtras` adds hand-written content below a tab's inputs (by tab name); `lead` is an input
 * before the schema's own (the tenant to save in), checked by `leadValidate`.
 */
export function SchemaForm({
  schema,
  mode,
  tabExtras,
  lead,
  leadValidate,
}: {
  schema: ResourceSchema;
  mode: 'create' | 'edit';
  tabExtras?: Partial<Record<string, ReactNode>>;
  lead?: ReactNode;
  leadValidate?: (values: Record<string, unknown>) => Record<string, string>;
}) {
  const translate = useTranslate();
  const schemaValidate = useSchemaValidator(schema);
  const validate = useCallback(
    async (values: Record<string, unknown>) => ({ ...(await schemaValidate(values)), ...leadValidate?.(values) }),
    [schemaValidate, leadValidate],
  );
  const fields = formFields(schema, mode);
  const tabs = tabsFor(schema, fields);
  const defaults = mode === 'create' ? createDefaults(schema) : undefined;
  const input = (field: string) => <SchemaInput key={field} schema={schema} field={field} required={isRequired(schema, field)} />;

  if (!tabs) {
    return (
      <AppSimpleForm validate={validate} defaultValues={defaults} sx={{ maxWidth: 720 }}>
        {lead}
        {fields.map(input)}
      </AppSimpleForm>
    );
  }
  const resource = schema['x-resource'].name;
  return (
    <TabbedForm
      validate={validate}
      defaultValues={defaults}
      syncWithLocation={false}
      disableInvalidFormNotification
      // Tab labels wider than a phone scroll sideways instead of widening the page.
      tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
    >
      {tabs.map((tab, index) => (
        <TabbedForm.Tab key={tab.name} label={translate(labelKeys.tab(resource, tab.name), { _: humanize(tab.name) })} sx={{ maxWidth: 720 }}>
          {index === 0 && lead}
          {tab.fields.map(input)}
          {tabExtras?.[tab.name]}
          {/* TabbedForm takes only tabs as children; every tab stays mounted, so the first holds it. */}
          {index === 0 && <FormErrorNotification />}
        </TabbedForm.Tab>
      ))}
    </TabbedForm>
  );
}
