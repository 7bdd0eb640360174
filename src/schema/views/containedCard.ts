/**
 * react-admin's layout boxes grow to their content's width: a tab bar or a wide table in a show,
 * edit or create card would widen the whole page on a phone. The card takes the width it is
 * given instead (its content does not size it), so what is wider scrolls inside it.
 */
export const CONTAINED_CARD = { '& .RaShow-card, & .RaEdit-card, & .RaCreate-card': { minWidth: 0, contain: 'inline-size' } } as const;
