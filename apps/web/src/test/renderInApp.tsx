import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Providers } from '../app/Providers';

/** Renders a piece of the app as the app holds it: its providers and a router at `/`. */
export const renderInApp = (ui: ReactNode) =>
  render(
    <Providers>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );
