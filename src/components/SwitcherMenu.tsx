import type { ReactNode } from 'react';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckIcon from '@mui/icons-material/Check';

export interface SwitcherMenuItem {
  key: string;
  label: string;
  selected: boolean;
  icon?: ReactNode;
  /** Language of the label (a language's own name), for screen readers. */
  lang?: string;
}

export interface SwitcherMenuProps {
  id: string;
  anchorEl: HTMLElement | null;
  onClose: () => void;
  onSelect: (key: string) => void;
  items: readonly SwitcherMenuItem[];
}

/** The drop-down of the language and theme switchers; the selected entry carries a check mark. */
export default function SwitcherMenu({ id, anchorEl, onClose, onSelect, items }: SwitcherMenuProps) {
  return (
    <Menu id={id} anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose}>
      {items.map((item) => (
        <MenuItem key={item.key} selected={item.selected} lang={item.lang} onClick={() => onSelect(item.key)}>
          <ListItemIcon>{item.icon ?? (item.selected ? <CheckIcon fontSize="small" /> : null)}</ListItemIcon>
          <ListItemText>{item.label}</ListItemText>
          {item.icon && item.selected && <CheckIcon fontSize="small" sx={{ ml: 2 }} />}
        </MenuItem>
      ))}
    </Menu>
  );
}
