import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  id: string;
  /** The editing area's accessible name (a <label for> cannot name a contenteditable). */
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

const classNames = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** An empty document is '<p></p>': the form treats it as no description. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * The course description editor (Tiptap). Its schema only knows paragraphs, headings, lists,
 * quotes, code, rules, links and simple marks, so pasted or loaded HTML loses anything else; the
 * server sanitises what is saved all the same. Loaded on its own (it is big) by the course form only.
 */
export default function RichTextEditor({ id, label, value, onChange, onBlur, ...aria }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto', 'tel'],
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        },
      }),
    ],
    content: value,
    // The toolbar's pressed states follow the selection.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'rich-text__content',
        ...(aria['aria-describedby'] ? { 'aria-describedby': aria['aria-describedby'] } : {}),
        ...(aria['aria-invalid'] ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(htmlOf(current)),
    onBlur: () => onBlur?.(),
  });

  return (
    <div className={classNames('rich-text', !!aria['aria-invalid'] && 'rich-text--invalid')} data-testid="rich-text-editor">
      <Toolbar editor={editor} label={label} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const chain = () => editor.chain().focus();
  const tools: { name: string; text: string; isActive: boolean; run: () => void }[] = [
    { name: 'Bold', text: 'B', isActive: editor.isActive('bold'), run: () => chain().toggleBold().run() },
    { name: 'Italic', text: 'I', isActive: editor.isActive('italic'), run: () => chain().toggleItalic().run() },
    { name: 'Underline', text: 'U', isActive: editor.isActive('underline'), run: () => chain().toggleUnderline().run() },
    {
      name: 'Heading',
      text: 'H2',
      isActive: editor.isActive('heading', { level: 2 }),
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      name: 'Subheading',
      text: 'H3',
      isActive: editor.isActive('heading', { level: 3 }),
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    { name: 'Bulleted list', text: '•', isActive: editor.isActive('bulletList'), run: () => chain().toggleBulletList().run() },
    { name: 'Numbered list', text: '1.', isActive: editor.isActive('orderedList'), run: () => chain().toggleOrderedList().run() },
    { name: 'Quote', text: '“', isActive: editor.isActive('blockquote'), run: () => chain().toggleBlockquote().run() },
    { name: 'Link', text: 'Link', isActive: editor.isActive('link'), run: () => editLink(editor) },
  ];
  return (
    <div className="rich-text__toolbar" role="toolbar" aria-label={`${label} formatting`}>
      {tools.map((tool) => (
        <button
          key={tool.name}
          type="button"
          className={classNames('rich-text__tool', `rich-text__tool--${tool.name.toLowerCase().replace(/\s+/g, '-')}`)}
          aria-label={tool.name}
          aria-pressed={tool.isActive}
          title={tool.name}
          onClick={tool.run}
        >
          {tool.text}
        </button>
      ))}
      <span className="rich-text__spacer" />
      <button
        type="button"
        className="rich-text__tool"
        aria-label="Undo"
        title="Undo"
        disabled={!editor.can().undo()}
        onClick={() => editor.chain().focus().undo().run()}
      >
        ↶
      </button>
      <button
        type="button"
        className="rich-text__tool"
        aria-label="Redo"
        title="Redo"
        disabled={!editor.can().redo()}
        onClick={() => editor.chain().focus().redo().run()}
      >
        ↷
      </button>
    </div>
  );
}

/** Asks for the link's address; an empty answer removes the link. Only web, mail and phone links. */
function editLink(editor: Editor) {
  const current = (editor.getAttributes('link') as { href?: string }).href ?? 'https://';
  const href = window.prompt('Link address (https://…)', current);
  if (href === null) return;
  if (href.trim() === '') {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    return;
  }
  if (!/^(https?:\/\/|mailto:|tel:)/i.test(href.trim())) return;
  editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
}
