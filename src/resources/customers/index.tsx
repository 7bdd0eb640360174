import { CustomerEdit, CustomerShow } from './CustomerScreens';

/** Customers: the generated screens, with the prices, contact persons and linked organizations in their tabs (edit and show). */
export const edit = CustomerEdit;
export const show = CustomerShow;
