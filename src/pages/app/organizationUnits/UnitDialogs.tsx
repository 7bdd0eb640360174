import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { moveTargets, type Unit } from './api';

interface DialogFrameProps {
  title: string;
  submitLabel: string;
  disabled: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

function DialogFrame({ title, submitLabel, disabled, onSubmit, onClose, children }: DialogFrameProps) {
  const { t } = useTranslation('identity');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="unit-dialog-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!disabled) onSubmit();
        }}
      >
        <DialogTitle id="unit-dialog-title">{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={disabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A unit's name: for a new unit (top level or under `parent`) or a rename. */
export function NameDialog({ title, initial, onSubmit, onClose }: { title: string; initial: string; onSubmit: (name: string) => void; onClose: () => void }) {
  const { t } = useTranslation('identity');
  const [name, setName] = useState(initial);
  return (
    <DialogFrame title={title} submitLabel={t('common.save')} disabled={!name.trim()} onSubmit={() => onSubmit(name.trim())} onClose={onClose}>
      <TextField autoFocus required label={t('organizationUnits.displayName')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 128 } }} sx={{ mt: 1 }} fullWidth />
    </DialogFrame>
  );
}

const TOP = '__top__';

/** Where a unit moves: the top level or any unit not below it. */
export function MoveDialog({ unit, units, onSubmit, onClose }: { unit: Unit; units: readonly Unit[]; onSubmit: (parentId: string | null) => void; onClose: () => void }) {
  const { t } = useTranslation('identity');
  const targets = moveTargets(units, unit).sort((a, b) => a.code.localeCompare(b.code));
  const [target, setTarget] = useState('');
  return (
    <DialogFrame title={t('organizationUnits.moveTitle', { name: unit.displayName })} submitLabel={t('organizationUnits.move')} disabled={!target} onSubmit={() => onSubmit(target === TOP ? null : target)} onClose={onClose}>
      <TextField select autoFocus label={t('organizationUnits.newParent')} value={target} onChange={(e) => setTarget(e.target.value)} sx={{ mt: 1 }} fullWidth>
        {unit.parentId !== null && <MenuItem value={TOP}>{t('organizationUnits.topLevel')}</MenuItem>}
        {targets.map((u) => (
          <MenuItem key={u.id} value={u.id} sx={{ pl: 2 + 2 * (u.code.split('.').length - 1) }}>
            {u.displayName}
          </MenuItem>
        ))}
      </TextField>
    </DialogFrame>
  );
}

/** Confirms deleting a unit and everything below it. */
export function DeleteDialog({ unit, onSubmit, onClose }: { unit: Unit; onSubmit: () => void; onClose: () => void }) {
  const { t } = useTranslation('identity');
  return (
    <DialogFrame title={t('organizationUnits.deleteTitle', { name: unit.displayName })} submitLabel={t('common.delete')} disabled={false} onSubmit={onSubmit} onClose={onClose}>
      {t('organizationUnits.deleteConfirm')}
    </DialogFrame>
  );
}
