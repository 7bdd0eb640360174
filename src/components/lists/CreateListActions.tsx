import { useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, TopToolbar } from 'react-admin';

/**
 * The toolbar of a list whose only action is Create. On a phone react-admin's CreateButton is a
 * floating button (fixed at the screen's corner, out of the page's flow), so a toolbar around it
 * would be an empty 56 px band above the search: there the button comes alone. At a desk it sits
 * in the toolbar as on every list (SchemaListActions, whose toolbar on a phone still holds Export).
 */
export function CreateListActions() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return isSmall ? (
    <CreateButton />
  ) : (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}
