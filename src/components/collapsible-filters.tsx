import { Button } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import classes from './collapsible-filters.module.css';

/**
 * A page's secondary filters: in the row beside its search box on a wide screen; on a phone folded behind a
 * "Filters" button that says how many are set, so they do not fill the first screen. CSS decides which
 * (no flash on load), and the controls stay mounted either way.
 */
export function CollapsibleFilters({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        hiddenFrom="sm"
        variant="default"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide filters' : 'Filters'}
        {active > 0 ? ` · ${active} on` : ''}
      </Button>
      <div id={id} className={classes.panel} data-open={open}>
        {children}
      </div>
    </>
  );
}
