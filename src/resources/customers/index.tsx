import { CustomerEdit, CustomerShow } from './CustomerScreens';

/** Customers: the generated screens, with the customer's prices in the pricing tab (edit and show). */
export const edit = CustomerEdit;
export const show = CustomerShow;
