import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { TabPanel, Tabs, type TabItem } from './tabs';

const tabs: TabItem[] = [
  { id: 'learners', label: 'Learners', count: 12 },
  { id: 'companies', label: 'Companies', count: 3 },
  { id: 'site', label: 'Site' },
];

function AdminTabs({ onChange }: { onChange?: (id: string) => void }) {
  const [activeId, setActiveId] = useState('learners');
  return (
    <>
      <Tabs
        label="Admin sections"
        tabs={tabs}
        activeId={activeId}
        onChange={(id) => {
          onChange?.(id);
          setActiveId(id);
        }}
      />
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} activeId={activeId}>
          {tab.label} panel
        </TabPanel>
      ))}
    </>
  );
}

describe('Tabs', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<AdminTabs />);
    await expectNoAxeViolations(container);
  });

  it('is a labelled tablist whose tabs show their counts', () => {
    render(<AdminTabs />);
    expect(screen.getByRole('tablist', { name: 'Admin sections' })).toBeTruthy();
    const learners = screen.getByRole('tab', { name: 'Learners (12)' });
    expect(learners.getAttribute('aria-selected')).toBe('true');
    expect(learners.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Site' }).tabIndex).toBe(-1);
  });

  it('shows only the active panel, labelled by its tab', () => {
    render(<AdminTabs />);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('Learners panel');
    expect(panel.getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: 'Learners (12)' }).id);
    expect(screen.queryByText('Companies panel')).toBeNull();
  });

  it('selects on click', () => {
    const onChange = vi.fn();
    render(<AdminTabs onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Site' }));
    expect(onChange).toHaveBeenCalledWith('site');
    expect(screen.getByRole('tabpanel').textContent).toBe('Site panel');
  });

  it('moves focus and selection with the arrow keys, wrapping at the ends, and Home/End', () => {
    const onChange = vi.fn();
    render(<AdminTabs onChange={onChange} />);
    const learners = screen.getByRole('tab', { name: 'Learners (12)' });
    learners.focus();

    fireEvent.keyDown(learners, { key: 'ArrowRight' });
    const companies = screen.getByRole('tab', { name: 'Companies (3)' });
    expect(onChange).toHaveBeenLastCalledWith('companies');
    expect(document.activeElement).toBe(companies);
    expect(companies.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(companies, { key: 'ArrowLeft' });
    fireEvent.keyDown(learners, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith('site');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Site' }));

    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(onChange).toHaveBeenLastCalledWith('learners');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(onChange).toHaveBeenLastCalledWith('site');
  });
});
