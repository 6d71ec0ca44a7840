/** Starts the portal once its catalogue is loaded (main.tsx): the router over the route table, and the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app.tsx';
import { routes } from './routes.tsx';

export function start(): void {
  const router = createBrowserRouter(routes);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
