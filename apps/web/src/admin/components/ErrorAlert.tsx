import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../../api/client';

/** A failed load or save: the server's message in a danger alert (spec §8). */
export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" my="sm">
      {errorMessage(error)}
    </Alert>
  );
}
