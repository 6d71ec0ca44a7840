/** The bordered card the public screens' forms (sign in, register, set password) sit in. */
import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md">
      {children}
    </Paper>
  );
}
