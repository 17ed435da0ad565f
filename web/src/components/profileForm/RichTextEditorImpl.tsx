import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import type { RichTextEditorProps } from './RichTextEditor';
import { BoldIcon, BulletListIcon, ItalicIcon, LinkIcon, NumberedListIcon } from './formIcons';
import { isLikelyUrl } from './socialLinks';

interface ImplProps extends RichTextEditorProps {
  labelId: string;
  helperId: string;
  invalid: boolean;
  minHeight: number;
}

function ToolButton({
  label,
  active,
  onClick,
  disabled,
  children,
}: {
  label: string;
  active: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={onClick}
          color={active ? 'primary' : 'default'}
          sx={active ? { bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1) } : undefined}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [href, setHref] = useState<string>(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const text = href.trim();
    if (!text) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onDone();
      return;
    }
    if (!isLikelyUrl(text)) {
      setError('Enter a valid URL.');
      return;
    }
    const url = /^https?:\/\//i.test(text) ? text : `https://${text}`;
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onDone();
  };
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      onSubmit={apply}
      sx={{ p: 1, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        size="small"
        label="Link address"
        value={href}
        autoFocus
        onChange={(event) => {
          setHref(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
            editor.commands.focus();
          }
        }}
        error={Boolean(error)}
        helperText={error ?? 'Leave empty to remove the link'}
        sx={{ flexGrow: 1 }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="small" onClick={apply}>
          Apply
        </Button>
        <Button
          size="small"
          onClick={() => {
            onDone();
            editor.commands.focus();
          }}
        >
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

/** The Tiptap editor behind RichTextEditor (its own chunk). */
export default function RichTextEditorImpl({
  value,
  onChange,
  onBlur,
  placeholder,
  disabled,
  labelId,
  helperId,
  invalid,
  minHeight,
}: ImplProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      // Only what the server keeps (p, br, strong, em, ul, ol, li, a).
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: false,
      }),
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] }),
    ],
    content: value || '',
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': helperId,
        'aria-invalid': invalid ? 'true' : 'false',
        ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
      empty: current?.isEmpty ?? true,
    }),
  });

  // A value set from outside (a form reset, loaded data) replaces the text.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value || '') !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  if (!editor) return null;

  return (
    <Box
      sx={(theme) => ({
        border: 1,
        borderColor: invalid ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
        borderRadius: 1,
        bgcolor: 'background.paper',
        '&:focus-within': {
          borderColor: invalid ? 'error.main' : 'primary.main',
          boxShadow: `0 0 0 1px ${invalid ? theme.palette.error.main : theme.palette.primary.main}`,
        },
      })}
    >
      <Stack
        direction="row"
        role="toolbar"
        aria-label="Formatting"
        spacing={0.5}
        sx={{ px: 0.5, py: 0.25, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
      >
        <ToolButton label="Bold" active={state?.bold ?? false} disabled={disabled} onClick={() => editor.chain().focus().toggleBold().run()}>
          <BoldIcon fontSize="small" />
        </ToolButton>
        <ToolButton label="Italic" active={state?.italic ?? false} disabled={disabled} onClick={() => editor.chain().focus().toggleItalic().run()}>
          <ItalicIcon fontSize="small" />
        </ToolButton>
        <ToolButton
          label="Bulleted list"
          active={state?.bulletList ?? false}
          disabled={disabled}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        >
          <BulletListIcon fontSize="small" />
        </ToolButton>
        <ToolButton
          label="Numbered list"
          active={state?.orderedList ?? false}
          disabled={disabled}
          onClick={() => editor.chain().focus().toggleOrderedList().run()}
        >
          <NumberedListIcon fontSize="small" />
        </ToolButton>
        <ToolButton label="Link" active={state?.link ?? false} disabled={disabled} onClick={() => setLinkOpen((open) => !open)}>
          <LinkIcon fontSize="small" />
        </ToolButton>
      </Stack>
      {linkOpen && <LinkForm editor={editor} onDone={() => setLinkOpen(false)} />}
      <Box
        sx={{
          position: 'relative',
          '& .tiptap': { minHeight, px: 1.5, py: 1, outline: 'none', fontSize: 16, lineHeight: 1.5 },
          '& .tiptap p': { my: 0.5 },
          '& .tiptap ul, & .tiptap ol': { pl: 3, my: 0.5 },
          '& .tiptap a': { color: 'primary.main' },
        }}
      >
        {placeholder && (state?.empty ?? true) && (
          <Box
            aria-hidden
            sx={{ position: 'absolute', top: 8, left: 12, right: 12, color: 'text.disabled', pointerEvents: 'none', fontSize: 16 }}
          >
            {placeholder}
          </Box>
        )}
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
