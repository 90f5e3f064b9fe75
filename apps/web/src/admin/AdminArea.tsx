import { Route, Routes } from 'react-router';
import { AdminShell } from './AdminShell';
import { DashboardPage } from './dashboard/DashboardPage';

/** The admin area: its own shell and routes, loaded as a separate chunk. */
export function AdminArea() {
  return (
    <AdminShell>
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="*" element={<DashboardPage />} />
      </Routes>
    </AdminShell>
  );
}
