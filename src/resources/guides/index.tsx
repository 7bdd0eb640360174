import { GuideList } from './GuideList';

/** Guides: the generated screens, with an empty state on the list. */
export const list = GuideList;
