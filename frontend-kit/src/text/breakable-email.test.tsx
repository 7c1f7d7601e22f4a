import { render } from '@testing-library/react';
import { BreakableEmail } from './breakable-email';

describe('BreakableEmail', () => {
  it('offers a break after the @ and each dot, and nowhere else', () => {
    const { container } = render(<BreakableEmail email="jo.southgate@demo.test" />);
    expect(container.textContent).toBe('jo.southgate@demo.test');
    expect(container.innerHTML).toBe('jo.<wbr>southgate@<wbr>demo.<wbr>test');
  });
});
