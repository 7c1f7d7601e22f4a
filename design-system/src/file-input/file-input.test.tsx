import { createRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { FileInput } from './file-input';

const zip = () => new File(['PK'], 'fire-safety.zip', { type: 'application/zip' });

describe('FileInput', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <>
        <label htmlFor="package">Course package</label>
        <FileInput id="package" accept=".zip" onFileChange={() => {}} invalid />
      </>,
    );
    await expectNoAxeViolations(container);
  });

  it('is the native file control, named by its label, and forwards the ref', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <>
        <label htmlFor="package">Course package</label>
        <FileInput ref={ref} id="package" accept=".zip" onFileChange={() => {}} />
      </>,
    );
    const input = screen.getByLabelText('Course package');
    expect(ref.current).toBe(input);
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe('.zip');
  });

  it('shows the chosen file’s name and hands the file over', () => {
    const onFileChange = vi.fn();
    render(<FileInput aria-label="Course package" placeholder="Current: old.zip" onFileChange={onFileChange} />);
    expect(screen.getByTestId('file-input-name').textContent).toBe('Current: old.zip');
    const file = zip();
    fireEvent.change(screen.getByLabelText('Course package'), { target: { files: [file] } });
    expect(onFileChange).toHaveBeenCalledWith(file);
    expect(screen.getByTestId('file-input-name').textContent).toBe('fire-safety.zip');
    fireEvent.change(screen.getByLabelText('Course package'), { target: { files: [] } });
    expect(onFileChange).toHaveBeenLastCalledWith(undefined);
    expect(screen.getByTestId('file-input-name').textContent).toBe('Current: old.zip');
  });

  it('marks the box while a file is dragged over it', () => {
    const { container } = render(<FileInput aria-label="Course package" onFileChange={() => {}} />);
    const box = container.firstElementChild!;
    fireEvent.dragEnter(box);
    expect(box.className).toContain('ds-file-input--dragging');
    fireEvent.dragLeave(box);
    expect(box.className).not.toContain('ds-file-input--dragging');
  });
});
