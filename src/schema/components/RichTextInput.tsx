import { lazy, Suspense } from 'react';
import { TextInput, type TextInputProps } from 'react-admin';

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
