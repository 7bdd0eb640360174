import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { childrenOf, type Unit } from './api';

interface Props {
  units: readonly Unit[];
  selectedId: string | null;
  onSelect: (unit: Unit) => void;
}

function Branch({ units, parentId, depth, selectedId, onSelect }: Props & { parentId: string | null; depth: number }) {
  const items = childrenOf(units, parentId);
  if (items.length === 0) return null;
  return (
    <Box component="ul" role={depth === 0 ? 'tree' : 'group'} sx={{ listStyle: 'none', m: 0, pl: depth === 0 ? 0 : 2 }}>
      {items.map((unit) => {
        const selected = unit.id === selectedId;
        return (
          <li key={unit.id} role="treeitem" aria-selected={selected} aria-level={depth + 1}>
            <Button
              size="small"
              variant={selected ? 'contained' : 'text'}
              onClick={() => onSelect(unit)}
              sx={{ justifyContent: 'flex-start', textTransform: 'none', width: '100%', borderRadius: 1 }}
            >
              {unit.displayName}
            </Button>
            <Branch units={units} parentId={unit.id} depth={depth + 1} selectedId={selectedId} onSelect={onSelect} />
          </li>
        );
      })}
    </Box>
  );
}

/** The unit tree: every unit a button (Tab and Enter pick one), children indented under it. */
export function UnitTree(props: Props) {
  const { t } = useTranslation('identity');
  return (
    <Box component="nav" aria-label={t('organizationUnits.tree')}>
      <Branch {...props} parentId={null} depth={0} />
    </Box>
  );
}
