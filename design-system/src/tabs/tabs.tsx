import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  count?: number;
}

export interface TabsProps {
  tabs: TabItem[];
  activeId: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /**
   * Tabs that do not fit on one line wrap onto more lines (each line shared evenly), so every
   * tab stays in sight on a phone; otherwise the strip scrolls sideways.
   */
  wrap?: boolean;
}

export interface TabPanelProps {
  id: string;
  activeId: string;
  children: ReactNode;
}

// Tabs and panels are linked through ids derived from the tab id, so the two can live apart in the tree.
const tabElementId = (id: string) => `ds-tab-${id}`;
const panelElementId = (id: string) => `ds-tabpanel-${id}`;

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move focus and select. */
export function Tabs({ tabs, activeId, onChange, label, wrap = false }: TabsProps) {
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const focusableId = tabs.some((tab) => tab.id === activeId) ? activeId : tabs[0]?.id;

  function select(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    tabRefs.current.get(tab.id)?.focus();
    if (tab.id !== activeId) onChange(tab.id);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div className={wrap ? 'ds-tabs ds-tabs--wrap' : 'ds-tabs'} role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const isActive = tab.id === activeId;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.id, element);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabElementId(tab.id)}
            className="ds-tabs__tab"
            aria-selected={isActive}
            aria-controls={panelElementId(tab.id)}
            tabIndex={tab.id === focusableId ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => handleKeyDown(event, index)}
          >
            {tab.label}
            {tab.count !== undefined && (
              <>
                {/* Read as "Learners (12)"; the badge itself is visual only. */}
                <span className="ds-visually-hidden"> ({tab.count})</span>
                <span className="ds-tabs__count" aria-hidden="true">
                  {tab.count}
                </span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

/** Render one per tab; only the active one shows (and mounts) its children. */
export function TabPanel({ id, activeId, children }: TabPanelProps) {
  const isActive = id === activeId;
  return (
    <div
      className="ds-tab-panel"
      role="tabpanel"
      id={panelElementId(id)}
      aria-labelledby={tabElementId(id)}
      hidden={!isActive}
      tabIndex={0}
    >
      {isActive ? children : null}
    </div>
  );
}
