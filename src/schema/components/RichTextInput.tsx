import { TextInput, type TextInputProps } from 'react-admin';

/**
 * `x-widget: richtext`. ra-input-rich-text is not installed yet: until it is (pinned @tiptap
 * versions, REFERENCE.md), rich text is edited as multi-line text. When it is, load its
 * RichTextInput here with React.lazy so the editor stays out of every other screen's chunk.
 */
export function RichTextInput(props: TextInputProps) {
  return <TextInput {...props} multiline minRows={6} />;
}
