import { OrganizationList } from './OrganizationTree';

/** Organizations: the generated screens; list rows expand to show their children as a tree. */
export const list = OrganizationList;
