import type { ReactNode } from 'react';
import { Show, SimpleShowLayout, TabbedShowLayout, TabbedShowLayoutTabs, useTranslate } from 'react-admin';
import { labelKeys } from '../../../common/schema/naming';
import type { ResourceSchema } from '../../../common/schema/types';
import { CONTAINED_CARD } from './containedCard';
import { SchemaField } from '../components/SchemaField';
import { shownFields, tabsFor } from '../fields';
import { humanize } from '../labels';
import { useFieldLabel } from '../useFieldLabel';

/**
 * The generated show page: every shown property with its label, in tabs when the schema has them.
 * `tabExtras` adds hand-written content below a tab's fields (by tab name), `children` below them
 * all. The tab bar scrolls sideways when its labels are wider than the screen (a phone) instead of
 * widening the page.
 */
export default function SchemaShow({ schema, tabExtras, children }: { schema: ResourceSchema; tabExtras?: Partial<Record<string, ReactNode>>; children?: ReactNode }) {
  const translate = useTranslate();
  const labelOf = useFieldLabel(schema);
  const fields = shownFields(schema);
  const tabs = tabsFor(schema, fields);
  const field = (name: string) => <SchemaField key={name} schema={schema} field={name} source={name} label={labelOf(name)} />;
  const resource = schema['x-resource'].name;

  return (
    <Show sx={CONTAINED_CARD}>
      {tabs ? (
        <TabbedShowLayout syncWithLocation={false} tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}>
          {tabs.map((tab) => (
            <TabbedShowLayout.Tab key={tab.name} label={translate(labelKeys.tab(resource, tab.name), { _: humanize(tab.name) })}>
              {tab.fields.map(field)}
              {tabExtras?.[tab.name]}
            </TabbedShowLayout.Tab>
          ))}
        </TabbedShowLayout>
      ) : (
        <SimpleShowLayout>{fields.map(field)}</SimpleShowLayout>
      )}
      {children}
    </Show>
  );
}
