import { lazy, Suspense, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type * as RichText from 'ra-input-rich-text';
import type * as Tiptap from '@tiptap/react';
import { TextInput, useFieldValue, useTranslate, type TextInputProps } from 'react-admin';
import { createRichTextSanitizer, type RichTextSanitizer } from '../../../common/rich-text-dom';

/** The editor's paragraph levels, as ra-input-rich-text names them (ra.tiptap.*, with its English). */
const LEVELS = [
  { key: 'ra.tiptap.paragraph', text: 'Normal', level: 0 },
  { key: 'ra.tiptap.heading1', text: 'Heading 1', level: 1 },
  { key: 'ra.tiptap.heading2', text: 'Heading 2', level: 2 },
  { key: 'ra.tiptap.heading3', text: 'Heading 3', level: 3 },
  { key: 'ra.tiptap.heading4', text: 'Heading 4', level: 4 },
  { key: 'ra.tiptap.heading5', text: 'Heading 5', level: 5 },
  { key: 'ra.tiptap.heading6', text: 'Heading 6', level: 6 },
] as const;
type Level = (typeof LEVELS)[number];

/**
 * The editor with its toolbar: ra-input-rich-text's buttons, but a level picker of our own. The
 * package's LevelSelect is a one-item list in a `<nav>` (an `<li>` outside any `<ul>`, which a
 * screen reader announces as a stray list item); this one is a menu button.
 */
function editorOf(rich: typeof RichText, tiptap: typeof Tiptap) {
  const { AlignmentButtons, ClearButtons, ColorButtons, FormatButtons, ImageButtons, LinkButtons, ListButtons, QuoteButtons, RichTextInputToolbar, useTiptapEditor } = rich;
  const { useEditorState } = tiptap;

  function LevelSelect() {
    const translate = useTranslate();
    // Null until tiptap has made the editor (its type says otherwise).
    const editor: Tiptap.Editor | null = useTiptapEditor();
    const menuId = useId();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const current: Level =
      useEditorState({
        editor,
        selector: ({ editor: e }) => (e ? LEVELS.find((option) => (option.level === 0 ? e.isActive('paragraph') : e.isActive('heading', { level: option.level }))) : undefined) ?? LEVELS[0],
      }) ?? LEVELS[0];
    const choose = (option: Level) => {
      setAnchor(null);
      if (!editor) return;
      if (option.level === 0) editor.chain().focus().setNode('paragraph').run();
      else editor.chain().focus().setNode('heading', { level: option.level }).run();
    };
    return (
      <>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? menuId : undefined}
          title={translate('ra.tiptap.select_level', { _: 'Select the level' })}
          disabled={!editor?.isEditable}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ borderRadius: 1, px: 1.5 }}
        >
          {translate(current.key, { _: current.text })}
        </Button>
        <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {LEVELS.map((option) => (
            <MenuItem key={option.key} selected={option === current} onClick={() => choose(option)}>
              {translate(option.key, { _: option.text })}
            </MenuItem>
          ))}
        </Menu>
      </>
    );
  }

  function Toolbar() {
    return (
      <RichTextInputToolbar>
        <LevelSelect />
        <FormatButtons />
        <ColorButtons />
        <AlignmentButtons />
        <ListButtons />
        <LinkButtons />
        <ImageButtons />
        <QuoteButtons />
        <ClearButtons />
      </RichTextInputToolbar>
    );
  }

  return function Editor(props: RichText.RichTextInputProps) {
    return <rich.RichTextInput {...props} toolbar={<Toolbar />} />;
  };
}

/**
 * `x-widget: richtext`: ra-input-rich-text's editor (tiptap), loaded only when a form with a rich
 * text field opens, so the editor stays out of every other screen's chunk. While it loads, the
 * field shows as multi-line text.
 */
const Editor = lazy(() => Promise.all([import('ra-input-rich-text'), import('@tiptap/react')]).then(([rich, tiptap]) => ({ default: editorOf(rich, tiptap) })));

export function RichTextInput(props: TextInputProps) {
  const { source, label, validate, helperText, fullWidth } = props;
  return (
    <Suspense fallback={<TextInput {...props} multiline minRows={6} disabled />}>
      <Editor source={source} label={label} validate={validate} helperText={helperText} fullWidth={fullWidth ?? true} />
    </Suspense>
  );
}

let sanitize: RichTextSanitizer | undefined;

/**
 * Rich text shown, keeping only the shared allow-list (common/rich-text.ts) even when the stored
 * text predates the server's cleaning: react-admin's RichTextField keeps `<style>` and `<form>`.
 */
export function RichTextView({ source }: { source: string }) {
  const value: unknown = useFieldValue({ source });
  if (typeof value !== 'string' || !value) return null;
  sanitize ??= createRichTextSanitizer(window);
  return <Typography component="div" variant="body2" dangerouslySetInnerHTML={{ __html: sanitize(value) }} />;
}
