import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { CreateButton, useCanAccess } from 'react-admin';
import { EmptyState } from '../../components/EmptyState';
import { schemaOf } from '../../schema/registry';
import SchemaList from '../../schema/views/SchemaList';

/**
 * The generated guide list, with an empty state that fits the reader: a caregiver (who only reads
 * guides) is told guides appear once published and pointed to the FAQ; staff who may write guides
 * get the button to add one.
 */
export function GuideList() {
  const { t } = useTranslation('admin');
  const { canAccess: canCreate } = useCanAccess({ resource: 'guides', action: 'create' });
  const schema = schemaOf('guides');
  if (!schema) return null;
  const empty = (
    <EmptyState
      icon={<MenuBookIcon />}
      title={t('guides.empty.title')}
      hint={t(canCreate ? 'guides.empty.hintEditor' : 'guides.empty.hint')}
      action={
        canCreate ? (
          <CreateButton variant="contained" />
        ) : (
          <Button component={RouterLink} to="/faq" variant="outlined">
            {t('guides.empty.faq')}
          </Button>
        )
      }
    />
  );
  return <SchemaList schema={schema} empty={empty} />;
}
