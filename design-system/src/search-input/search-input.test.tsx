import { fireEvent, render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { SearchInput } from './search-input';

describe('SearchInput', () => {
  it('has no accessibility violations, with a visible or a hidden label', async () => {
    const { container } = render(
      <>
        <SearchInput label="Search learners" value="" onChange={() => {}} placeholder="Name or email" />
        <SearchInput label="Search courses" value="fire" onChange={() => {}} hideLabel />
      </>,
    );
    await expectNoAxeViolations(container);
  });

  it('is a search box labelled by its label, showing the value', () => {
    render(<SearchInput label="Search learners" value="ada" onChange={() => {}} />);
    const input = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search learners' });
    expect(input.value).toBe('ada');
  });

  it('calls onChange with the typed string', () => {
    const onChange = vi.fn();
    render(<SearchInput label="Search" value="" onChange={onChange} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'fire safety' } });
    expect(onChange).toHaveBeenCalledWith('fire safety');
  });

  it('asks for room for its whole placeholder, so the hint is not cut (issue 24 item 13)', () => {
    const { container } = render(
      <SearchInput label="Search certificates" value="" onChange={() => {}} placeholder="Course or certificate code" />,
    );
    expect(container.querySelector<HTMLElement>('.ds-search')!.style.getPropertyValue('--ds-search-placeholder')).toBe('26ch');
  });
});
