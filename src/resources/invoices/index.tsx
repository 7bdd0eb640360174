import { InvoiceList } from './InvoiceList';

/** Invoices: the generated screens, with "Export to Excel" in the list toolbar. */
export const list = InvoiceList;
