import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';

export interface Assignable {
  id: string;
  primary: string;
  secondary?: string;
}

interface Props {
  /** What the list holds ('Roles', 'Members'), the heading. */
  title: string;
  items: readonly Assignable[] | undefined;
  /** Choices offered for adding (without the ones already held). */
  options: readonly Assignable[];
  /** Called while the user types in the add field (member search). */
  onSearch?: (text: string) => void;
  addLabel: string;
  removeLabel: (item: Assignable) => string;
  emptyText: string;
  canManage: boolean;
  onAdd: (id: string) => Promise<void>;
  onRemove: (id: string) => Promise<void>;
}

/** What a unit holds (roles or members): a list with a remove button each and a picker to add one. */
export function AssignedList({ title, items, options, onSearch, addLabel, removeLabel, emptyText, canManage, onAdd, onRemove }: Props) {
  const { t } = useTranslation('identity');
  const [picked, setPicked] = useState<Assignable | null>(null);
  const [busy, setBusy] = useState(false);
  const held = new Set(items?.map((i) => i.id));
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label={title}>
      {canManage && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Autocomplete
            sx={{ flex: '1 1 200px', minWidth: 0 }}
            size="small"
            options={options.filter((o) => !held.has(o.id))}
            value={picked}
            onChange={(_, value) => setPicked(value)}
            onInputChange={(_, text, reason) => reason === 'input' && onSearch?.(text)}
            getOptionLabel={(o) => (o.secondary ? `${o.primary} (${o.secondary})` : o.primary)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={onSearch ? (all) => all : undefined}
            renderInput={(params) => <TextField {...params} label={addLabel} />}
          />
          <Button variant="contained" disabled={!picked || busy} onClick={() => void run(async () => { await onAdd(picked!.id); setPicked(null); })}>
            {t('common.add')}
          </Button>
        </Box>
      )}
      {items && items.length === 0 && <Typography color="text.secondary">{emptyText}</Typography>}
      <List dense>
        {items?.map((item) => (
          <ListItem
            key={item.id}
            divider
            secondaryAction={
              canManage && (
                <IconButton edge="end" aria-label={removeLabel(item)} disabled={busy} onClick={() => void run(() => onRemove(item.id))}>
                  <DeleteIcon />
                </IconButton>
              )
            }
          >
            <ListItemText primary={item.primary} secondary={item.secondary} slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
