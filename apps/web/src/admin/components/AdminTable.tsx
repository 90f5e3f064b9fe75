import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The admin tables' frame: scrolls sideways below `minWidth` (so 390 px screens never scroll the page),
 * striped rows, a header row from `columns` (`null` is the row-actions column, named for screen readers only),
 * dimmed and marked busy while the next page loads.
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
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
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
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
