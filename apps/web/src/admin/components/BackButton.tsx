import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Back to the table, as a button above an edit screen's content. */
export function BackButton({ to, label }: { to: string; label: string }) {
  return (
    <Group>
      <Button component={Link} to={to} variant="subtle" leftSection={<IconArrowLeft size={18} />} mih={44} px="xs">
        {label}
      </Button>
    </Group>
  );
}
