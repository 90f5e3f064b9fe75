import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor as Editor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

/**
 * Article content: Mantine's tiptap editor; the link control asks for a URL. The HTML it produces is
 * sanitised again on the server.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  error,
  required,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  error?: React.ReactNode;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <Input.Wrapper label={label} error={error} withAsterisk={required}>
      <Editor
        editor={editor}
        mt={4}
        labels={{ linkEditorInputLabel: t('editor.link_url'), linkEditorSave: t('editor.save') }}
      >
        <Editor.Toolbar sticky stickyOffset={60}>
          <Editor.ControlsGroup>
            <Editor.Bold />
            <Editor.Italic />
            <Editor.Strikethrough />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.H2 />
            <Editor.H3 />
            <Editor.Blockquote />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.BulletList />
            <Editor.OrderedList />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Link />
            <Editor.Unlink />
          </Editor.ControlsGroup>
        </Editor.Toolbar>
        <Editor.Content aria-label={label} mih={180} />
      </Editor>
    </Input.Wrapper>
  );
}
