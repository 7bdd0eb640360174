import { useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { schemaOf } from '../../schema/registry';
import SchemaEdit from '../../schema/views/SchemaEdit';
import SchemaShow from '../../schema/views/SchemaShow';
import { CustomerPrices } from './CustomerPrices';

const PRICING_TAB = 'pricing';

/** The prices table in the edit form: follows the currency and discount chosen on the form. */
function EditablePrices() {
  const record = useRecordContext<{ id: string }>();
  const currency = useWatch({ name: 'currency' }) as unknown;
  const discount = useWatch({ name: 'discountPercentage' }) as unknown;
  if (!record?.id) return null;
  const discountPercentage = typeof discount === 'number' && Number.isFinite(discount) ? discount : undefined;
  return <CustomerPrices customerId={String(record.id)} currency={typeof currency === 'string' && currency ? currency : undefined} discountPercentage={discountPercentage} editable />;
}

function ShownPrices() {
  const record = useRecordContext<{ id: string }>();
  if (!record?.id) return null;
  return <CustomerPrices customerId={String(record.id)} editable={false} />;
}

/** The generated edit page, with the customer's prices below the pricing tab's fields. */
export function CustomerEdit() {
  const schema = schemaOf('customers');
  if (!schema) return null;
  return <SchemaEdit schema={schema} tabExtras={{ [PRICING_TAB]: <EditablePrices /> }} />;
}

/** The generated show page, with the customer's prices (read only) in the pricing tab. */
export function CustomerShow() {
  const schema = schemaOf('customers');
  if (!schema) return null;
  return <SchemaShow schema={schema} tabExtras={{ [PRICING_TAB]: <ShownPrices /> }} />;
}
