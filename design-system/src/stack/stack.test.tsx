import { render } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { Stack } from './stack';

describe('Stack', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <Stack>
        <p>One</p>
        <p>Two</p>
      </Stack>,
    );
    await expectNoAxeViolations(container);
  });

  it('defaults to a medium-gap column', () => {
    const { container } = render(<Stack>content</Stack>);
    const stack = container.firstElementChild as HTMLElement;
    expect(stack.className.split(' ')).toEqual(['ds-stack', 'ds-stack--column', 'ds-stack--gap-md']);
  });

  it('maps direction, gap and wrap to classes', () => {
    const { container } = render(
      <Stack direction="row" gap="lg" wrap>
        content
      </Stack>,
    );
    const classes = (container.firstElementChild as HTMLElement).className.split(' ');
    expect(classes).toContain('ds-stack--row');
    expect(classes).toContain('ds-stack--gap-lg');
    expect(classes).toContain('ds-stack--wrap');
  });
});
