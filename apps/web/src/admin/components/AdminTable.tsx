import { Table, VisuallyHidden } from '@mantine/core';
import { useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './AdminTable.module.css';

/** What a tap on a row must leave alone: it has an action of its own. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="menuitem"]';

/**
 * The admin tables' frame: striped rows, a header row from `columns` (`null` is the row-actions column, named for
 * screen readers only), dimmed and marked busy while the next page loads. Wide screens scroll it sideways below
 * `minWidth`; phones (below 48em) show each row as a card, every value under its column's name and the actions
 * in view. A row with a link opens the first one wherever the row is tapped.
 */
export function AdminTable({
  minWidth,
  label,
  columns,
  busy = false,
  hover = true,
  spacing = 'sm',
  children,
}: {
  minWidth: number;
  label?: string;
  columns: (ReactNode | null)[];
  busy?: boolean;
  hover?: boolean;
  spacing?: 'xs' | 'sm';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const table = useRef<HTMLTableElement>(null);

  // The cards' labels come from the header the table already has, so no page repeats its column names per cell.
  useLayoutEffect(() => {
    const names = [...(table.current?.tHead?.rows[0]?.cells ?? [])].map((cell) =>
      cell.querySelector('[data-visually-hidden], .mantine-VisuallyHidden-root') ? '' : (cell.textContent ?? '').trim(),
    );
    for (const row of table.current?.tBodies[0]?.rows ?? []) {
      [...row.cells].forEach((cell, index) => cell.setAttribute('data-label', names[index] ?? ''));
      if (row.querySelector('a[href]')) row.setAttribute('data-opens', '');
    }
  });

  const open = (event: MouseEvent<HTMLTableSectionElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest(INTERACTIVE) || window.getSelection()?.toString()) return;
    target.closest('tr')?.querySelector<HTMLAnchorElement>('a[href]')?.click();
  };

  return (
    <Table.ScrollContainer minWidth={minWidth} classNames={{ scrollContainerInner: classes.inner }}>
      <Table
        ref={table}
        className={classes.table}
        striped
        highlightOnHover={hover}
        verticalSpacing={spacing}
        aria-label={label}
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index}>{column ?? <VisuallyHidden>{t('admin.common.actions')}</VisuallyHidden>}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody onClick={open}>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
