import { render, screen, waitFor, within } from '@testing-library/react';
import RichTextEditor from './rich-text-editor';

describe('RichTextEditor', () => {
  it('is a named, described text box with a formatting toolbar', async () => {
    render(
      <RichTextEditor
        id="course-description"
        label="Description"
        value="<p>Hello</p>"
        onChange={() => {}}
        aria-describedby="course-description-hint"
      />,
    );
    const box = await screen.findByRole('textbox', { name: 'Description' });
    expect(box.id).toBe('course-description');
    expect(box.getAttribute('aria-describedby')).toBe('course-description-hint');
    expect(box.getAttribute('contenteditable')).toBe('true');
    const toolbar = screen.getByRole('toolbar', { name: 'Description formatting' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Bold', 'Italic', 'Underline', 'Heading', 'Subheading', 'Bulleted list', 'Numbered list', 'Quote', 'Link', 'Undo', 'Redo']);
  });

  it('shows formatting it knows and drops scripts, handlers and unknown elements from loaded HTML', async () => {
    render(
      <RichTextEditor
        id="course-description"
        label="Description"
        value={
          '<p onclick="steal()">Swing <strong>safely</strong></p><img src="x" onerror="alert(1)"><script>alert(1)</script><ul><li>Helmet</li></ul>'
        }
        onChange={() => {}}
      />,
    );
    const box = await screen.findByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(box.querySelector('strong')?.textContent).toBe('safely'));
    expect(box.querySelector('li')?.textContent).toBe('Helmet');
    expect(box.innerHTML).not.toMatch(/script|onerror|onclick|<img/);
  });
});
