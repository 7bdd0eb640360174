import { lazy, Suspense } from 'react';
import Typography from '@mui/material/Typography';
import { TextInput, useFieldValue, type TextInputProps } from 'react-admin';
import { createRichTextSanitizer, type RichTextSanitizer } from '../../../common/rich-text-dom';

/**
 * `x-widget: richtext`: ra-input-rich-text's editor (tiptap), loaded only when a form with a rich
 * text field opens, so the editor stays out of every other screen's chunk. While it loads, the
 * field shows as multi-line text.
 */
const Editor = lazy(() => import('ra-input-rich-text').then((m) => ({ default: m.RichTextInput })));

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
