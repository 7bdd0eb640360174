import { SimCardList } from './SimCardList';

/** SIM cards: the generated screens, with CSV upload and bulk deactivation on the list. */
export const list = SimCardList;
