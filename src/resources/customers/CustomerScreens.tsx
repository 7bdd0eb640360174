import type { ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { schemaOf } from '../../schema/registry';
import SchemaEdit from '../../schema/views/SchemaEdit';
import SchemaShow from '../../schema/views/SchemaShow';
import { CustomerContacts } from './CustomerContacts';
import { CustomerOrganizations } from './CustomerOrganizations';
import { CustomerPrices } from './CustomerPrices';

const PRICING_TAB = 'pricing';
/** The tabs of schemas/customers.json that carry a customer's contact persons and linked organizations. */
const CONTACTS_TAB = 'contacts';
const ORGANIZATIONS_TAB = 'organizations';

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

/** Content that needs the customer's id, once the record is there. */
function ForCustomer({ children }: { children: (customerId: string) => ReactNode }) {
  const record = useRecordContext<{ id: string }>();
  if (!record?.id) return null;
  return <>{children(String(record.id))}</>;
}

/**
 * The generated edit page, with the customer's prices below the pricing tab's fields, and its
 * contact persons and linked organizations listed (changed from the show page: this page is one form).
 */
export function CustomerEdit() {
  const schema = schemaOf('customers');
  if (!schema) return null;
  return (
    <SchemaEdit
      schema={schema}
      tabExtras={{
        [PRICING_TAB]: <EditablePrices />,
        [CONTACTS_TAB]: <ForCustomer>{(id) => <CustomerContacts customerId={id} editable={false} />}</ForCustomer>,
        [ORGANIZATIONS_TAB]: <ForCustomer>{(id) => <CustomerOrganizations customerId={id} editable={false} />}</ForCustomer>,
      }}
    />
  );
}

/**
 * The generated show page: the prices (read only) in the pricing tab, the contact persons (add,
 * remove) and the linked organizations (link, unlink) in their own tabs.
 */
export function CustomerShow() {
  const schema = schemaOf('customers');
  if (!schema) return null;
  return (
    <SchemaShow
      schema={schema}
      tabExtras={{
        [PRICING_TAB]: <ShownPrices />,
        [CONTACTS_TAB]: <ForCustomer>{(id) => <CustomerContacts customerId={id} editable />}</ForCustomer>,
        [ORGANIZATIONS_TAB]: <ForCustomer>{(id) => <CustomerOrganizations customerId={id} editable />}</ForCustomer>,
      }}
    />
  );
}
